import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../../shared/roles.js';
import { videoSessions } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { type PaidPatient, paidPatient } from '../../test/patients.js';
import { joinTokenKey, verifyJoinToken } from './join-token.js';

// Video sessions, join tokens and the patient's consultation link (staff-and-video.md §2 Video
// Sessions, §3, §5, §7, §9; ruling 3: any staff member creates a session, anyone signed in
// joins by link; ruling 8 / ADR 0008). Token refusals for a full room need live sockets: they
// are in realtime/signalling.test.ts.

const ORIGIN = 'http://clinic.example.test:8080';
const TURN_SECRET = 'turn-shared-secret-for-tests';

let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      PUBLIC_URL: ORIGIN,
      ICE_STUN_URLS: ['stun:stun.example.test:3478'],
      ICE_TURN_URLS: ['turn:turn.example.test:3478'],
      ICE_TURN_SECRET: TURN_SECRET,
    },
  });
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(() => t.close());

const sessionCount = async () =>
  (await t.app.ctx.db.select({ n: count() }).from(videoSessions))[0]!.n;

/** A doctor opens a video call for a paid patient: the room id and who is in it. */
async function videoCall(by = doctor) {
  const patient = await paidPatient(t.app);
  const res = await by.client.post('/api/admin/start-video-call', { queueId: patient.queue.id });
  expect(res.statusCode, res.body).toBe(200);
  return { patient, roomId: res.json().roomId as string, queueId: patient.queue.id };
}

describe('POST /api/video/sessions', () => {
  it('lets any staff member create a session with an unguessable id and an absolute link', async () => {
    const assistant = await signedInAs(t.app, 'admin_assistant');
    const res = await assistant.client.post('/api/video/sessions', {
      title: '  Team huddle  ',
      maxParticipants: 4,
      hostUserId: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { session, joinUrl } = res.json();
    expect(session).toEqual({
      id: expect.stringMatching(/^[\w-]{22}$/),
      title: 'Team huddle',
      status: 'created',
      participantCount: 0,
      maxParticipants: 4,
      createdAt: expect.any(String),
      hostName: 'Test admin_assistant',
      joinUrl: `${ORIGIN}/video-call?session=${session.id}`,
    });
    expect(joinUrl).toBe(session.joinUrl);
    const [row] = await t.app.ctx.db
      .select()
      .from(videoSessions)
      .where(eq(videoSessions.id, session.id));
    expect(row).toMatchObject({ hostUserId: assistant.id, status: 'created' });
    expect(await auditRows(t.app, { targetId: session.id })).toMatchObject([
      { action: 'video_session.create', actorId: assistant.id, targetType: 'video_session' },
    ]);

    // Default size 10 (§5, §9); ids differ every time.
    const again = await doctor.client.post('/api/video/sessions', { title: 'Rounds' });
    expect(again.statusCode).toBe(201);
    expect(again.json().session.maxParticipants).toBe(10);
    expect(again.json().session.id).not.toBe(session.id);
  });

  it('answers 400 with the message (also as `error`) and writes nothing on bad input', async () => {
    const before = await sessionCount();
    const cases: [unknown, string][] = [
      [{ title: '   ', maxParticipants: 5 }, 'Please enter a session title'],
      [{ maxParticipants: 5 }, 'Please enter a session title'],
      [{ title: 'Ok', maxParticipants: 1 }, 'At least 2 participants'],
      [{ title: 'Ok', maxParticipants: 51 }, 'At most 50 participants'],
      [{ title: 'Ok', maxParticipants: 2.5 }, 'Maximum participants must be a whole number'],
      [{ title: 'Ok', maxParticipants: 'lots' }, 'Maximum participants must be a number'],
      [{ title: 'x'.repeat(121) }, 'The title must be at most 120 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await doctor.client.post('/api/video/sessions', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message, error: message, code: 'VALIDATION' });
    }
    const empty = await doctor.client.request({ method: 'POST', url: '/api/video/sessions' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please enter a session title');
    // The bounds themselves are fine.
    for (const maxParticipants of [2, 50]) {
      const ok = await doctor.client.post('/api/video/sessions', {
        title: 'Edge',
        maxParticipants,
      });
      expect(ok.statusCode).toBe(201);
    }
    expect(await sessionCount()).toBe(before + 2);
  });

  it('refuses patients (403) and the signed out (401), writing nothing', async () => {
    const before = await sessionCount();
    const patient = await paidPatient(t.app);
    const res = await patient.client.post('/api/video/sessions', { title: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have access to this', code: 'FORBIDDEN' });
    const out = await new Client(t.app).post('/api/video/sessions', { title: 'Mine' });
    expect(out.statusCode).toBe(401);
    // A bad body from a patient is still a 403, never a validation message.
    expect((await patient.client.post('/api/video/sessions', { title: '' })).statusCode).toBe(403);
    expect(await sessionCount()).toBe(before);
  });
});

describe('GET /api/video/sessions', () => {
  it("lists only the caller's own sessions, newest first, with counts", async () => {
    const host = await signedInAs(t.app, 'operations_admin');
    const other = await signedInAs(t.app, 'master_admin');
    const empty = await host.client.get('/api/video/sessions');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ sessions: [], activeSessions: 0, totalSessions: 0 });

    for (const title of ['First', 'Second', 'Third'])
      expect((await host.client.post('/api/video/sessions', { title })).statusCode).toBe(201);
    await other.client.post('/api/video/sessions', { title: 'Not yours' });

    const res = await host.client.get('/api/video/sessions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessions.map((s: { title: string }) => s.title)).toEqual([
      'Third',
      'Second',
      'First',
    ]);
    expect(body).toMatchObject({ activeSessions: 0, totalSessions: 3 });
    expect(body.sessions[0]).toMatchObject({
      status: 'created',
      participantCount: 0,
      hostName: 'Test operations_admin',
      joinUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/video-call\\?session=[\\w-]{22}$`)),
    });
  });

  it('is for staff only', async () => {
    const patient = await paidPatient(t.app);
    expect((await patient.client.get('/api/video/sessions')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/video/sessions')).statusCode).toBe(401);
  });
});

describe('GET /api/video/sessions/:id', () => {
  it('shows a session to anyone signed in, 404 for an unknown id', async () => {
    const created = (
      await doctor.client.post('/api/video/sessions', { title: 'Open house' })
    ).json();
    const patient = await paidPatient(t.app);
    const res = await patient.client.get(`/api/video/sessions/${created.session.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created.session);
    const missing = await patient.client.get('/api/video/sessions/not-a-session');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Video session not found', code: 'NOT_FOUND' });
    expect(
      (await new Client(t.app).get(`/api/video/sessions/${created.session.id}`)).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/video/token', () => {
  const key = () => joinTokenKey(t.app.ctx.config);

  it('gives the doctor and the patient of a consultation a token for its room, with ICE servers', async () => {
    const { patient, roomId } = await videoCall();
    const now = Date.now();
    const res = await doctor.client.post('/api/video/token', {
      roomId,
      username: 'ignored',
      role: 'presenter',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.room).toEqual({
      id: roomId,
      kind: 'consultation',
      title: 'Video Consultation',
      maxParticipants: 4,
      isHost: true,
      applicationId: patient.application.id,
      // The host's End consultation names it (issue 11); the patient is not given it.
      queueId: patient.queue.id,
    });
    expect(verifyJoinToken(key(), body.token, { roomId, userId: doctor.id })).toBe(true);
    expect(verifyJoinToken(key(), body.token, { roomId, userId: patient.userId })).toBe(false);
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThan(now + 59 * 60_000);
    expect(expires).toBeLessThanOrEqual(now + 61 * 60_000);
    expect(body.iceServers).toEqual([
      { urls: ['stun:stun.example.test:3478'] },
      {
        urls: ['turn:turn.example.test:3478'],
        username: expect.stringMatching(new RegExp(`^\\d+:${doctor.id}$`)),
        credential: expect.any(String),
      },
    ]);

    const mine = await patient.client.post('/api/video/token', { roomId });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().room).toMatchObject({
      kind: 'consultation',
      isHost: false,
      queueId: null,
    });
    expect(verifyJoinToken(key(), mine.json().token, { roomId, userId: patient.userId })).toBe(
      true,
    );
  });

  it('refuses another patient, another doctor and staff without the meetings permission', async () => {
    const { roomId } = await videoCall();
    const refusals = [
      (await paidPatient(t.app)).client,
      (await signedInAs(t.app, 'doctor')).client,
      (await signedInAs(t.app, 'admin_assistant')).client,
      (await signedInAs(t.app, 'operations_admin', { permissions: ['documents'] })).client,
    ];
    for (const client of refusals) {
      const res = await client.post('/api/video/token', { roomId });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You cannot join this video session',
        code: 'FORBIDDEN',
      });
    }
    // Staff who run consultations (the meetings permission) may join, as hosts.
    const ops = await signedInAs(t.app, 'operations_admin');
    const res = await ops.client.post('/api/video/token', { roomId });
    expect(res.statusCode).toBe(200);
    expect(res.json().room.isHost).toBe(true);
  });

  it('answers 404 for an unknown room, 409 once the call has ended, 401 signed out, 400 without roomId', async () => {
    const unknown = await doctor.client.post('/api/video/token', { roomId: 'no-such-room' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Video room not found', code: 'NOT_FOUND' });

    const { patient, roomId, queueId } = await videoCall();
    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
    for (const client of [doctor.client, patient.client]) {
      const res = await client.post('/api/video/token', { roomId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This call has ended', code: 'CONFLICT' });
    }
    expect((await new Client(t.app).post('/api/video/token', { roomId })).statusCode).toBe(401);
    const blank = await doctor.client.post('/api/video/token', { roomId: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('roomId is required');
  });

  it('admits anyone signed in to a video session; its creator is the host; none once ended', async () => {
    const created = (
      await doctor.client.post('/api/video/sessions', { title: 'Drop-in', maxParticipants: 3 })
    ).json();
    const id = created.session.id as string;
    const patient = await paidPatient(t.app);
    const res = await patient.client.post('/api/video/token', { roomId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().room).toEqual({
      id,
      kind: 'session',
      title: 'Drop-in',
      maxParticipants: 3,
      isHost: false,
      applicationId: null,
      queueId: null,
    });
    const host = await doctor.client.post('/api/video/token', { roomId: id });
    expect(host.json().room.isHost).toBe(true);

    await t.app.ctx.db
      .update(videoSessions)
      .set({ status: 'ended', endedAt: new Date() })
      .where(eq(videoSessions.id, id));
    const ended = await patient.client.post('/api/video/token', { roomId: id });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This call has ended');
  });
});

describe('POST /api/doxy/generate-url', () => {
  let patient: PaidPatient;
  let roomId: string;
  beforeAll(async () => {
    ({ patient, roomId } = await videoCall());
  });

  it("gives the patient our own link to their open consultation's room", async () => {
    const res = await patient.client.post('/api/doxy/generate-url', {
      applicationId: patient.application.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      patientUrl: `${ORIGIN}/patient/video-consultation?session=${roomId}&patient=Jamie&applicationId=${patient.application.id}`,
    });
    const named = await patient.client.post('/api/doxy/generate-url', {
      applicationId: patient.application.id,
      patientName: 'Jamie & Co?',
    });
    expect(named.json().patientUrl).toContain('&patient=Jamie%20%26%20Co%3F&');
  });

  it("answers 404 for another patient's application, 409 before the call starts or after it ends", async () => {
    const other = await paidPatient(t.app);
    const theirs = await other.client.post('/api/doxy/generate-url', {
      applicationId: patient.application.id,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Application not found', code: 'NOT_FOUND' });
    const unknown = await other.client.post('/api/doxy/generate-url', {
      applicationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    const notYet = await other.client.post('/api/doxy/generate-url', {
      applicationId: other.application.id,
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({
      message: 'Your consultation has not started yet',
      code: 'CONFLICT',
    });

    const call = await videoCall();
    await doctor.client.post('/api/admin/end-consultation', { queueId: call.queueId });
    const over = await call.patient.client.post('/api/doxy/generate-url', {
      applicationId: call.patient.application.id,
    });
    expect(over.statusCode).toBe(409);
  });

  it('is for patients only and validates the application id', async () => {
    const body = { applicationId: patient.application.id };
    for (const role of STAFF_ROLES) {
      const staff = await signedInAs(t.app, role);
      const res = await staff.client.post('/api/doxy/generate-url', body);
      expect(res.statusCode, role).toBe(403);
    }
    expect((await new Client(t.app).post('/api/doxy/generate-url', body)).statusCode).toBe(401);
    const bad = await patient.client.post('/api/doxy/generate-url', { applicationId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('applicationId must be an application id');
  });
});
