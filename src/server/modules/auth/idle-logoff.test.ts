import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_COUNTS_PATH } from '../../../shared/schemas/console-counts.js';
import { KEEP_ALIVE_PATH, SESSION_STATUS_PATH } from '../../../shared/schemas/session-status.js';
import { BACKGROUND_REQUEST_HEADER } from '../../../shared/session-timing.js';
import { sessions } from '../../db/schema/index.js';
import { sweepSessions } from '../../realtime/session-sweep.js';
import { signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { paidPatient } from '../../test/patients.js';
import { joinedPair, listeningApp, Peer, type PeerEnv, settle } from '../../test/socket-peer.js';
import { PATIENT_SOCKET_WRITE_EVERY_MS, SessionStore } from './session-store.js';

// Automatic logoff (issue 13, HIPAA 164.312(a)(2)(iii), ADR 0013) with an injected clock: staff
// sessions end after 15 minutes without a request the user made or a live call; an open socket
// and the web app's polling do not count. Patients keep ruling 17. The socket server's
// once-a-minute pass (sweepSessions) is run by hand at each step the clock moves.

const MIN = 60_000;
let clock = Date.now();
let t: TestApp;
let env: PeerEnv;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  env = await listeningApp(t);
});
afterAll(async () => {
  for (const s of env?.sockets ?? []) s.close();
  await t?.close();
});

/** A request the web app made on its own (polling, a refetch): marked as background. */
const poll = (client: Client, url = '/api/user') =>
  client.request({ method: 'GET', url, headers: { [BACKGROUND_REQUEST_HEADER]: '1' } });

/** Moves the clock and lets the socket server's minute pass run, as it would by then. */
async function minutesPass(n: number) {
  clock += n * MIN;
  await sweepSessions(t.app.ctx);
  await settle(50);
}

const sessionRows = (userId: string) =>
  t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));

async function status(client: Client) {
  const res = await client.get(SESSION_STATUS_PATH);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { remainingMs: number; warnAt: string; idleExpiresAt: string };
}

describe('a staff member with only a polling page and an open socket', () => {
  it('is signed out at 15 minutes: socket closed, session row gone, next request 401', async () => {
    const admin = await signedInAs(t.app, 'master_admin');
    const socket = await new Peer(admin.client, env).connected();
    const closed = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    const start = clock;

    // Fourteen minutes of console polling, with the socket open all along: answered, not counted.
    for (let minute = 1; minute <= 14; minute++) {
      await minutesPass(1);
      expect((await poll(admin.client, CONSOLE_COUNTS_PATH)).statusCode, `minute ${minute}`).toBe(
        200,
      );
      expect(socket.socket.connected, `minute ${minute}`).toBe(true);
    }
    // The countdown the web app reads: one minute left, the warning already due.
    const left = await status(admin.client);
    expect(left.remainingMs).toBe(MIN);
    expect(Date.parse(left.idleExpiresAt)).toBe(start + 15 * MIN);
    expect(Date.parse(left.warnAt)).toBe(start + 13 * MIN);

    clock += MIN + 1_000;
    await sweepSessions(t.app.ctx);
    expect(await closed).toBe('io server disconnect');
    expect(await sessionRows(admin.id)).toEqual([]);
    expect((await admin.client.get('/api/user')).statusCode).toBe(401);
    expect((await admin.client.get(SESSION_STATUS_PATH)).statusCode).toBe(401);
  });

  it('is kept by a request the user made at 10 minutes, then ends 15 minutes after it', async () => {
    const admin = await signedInAs(t.app, 'admin_assistant');
    const socket = await new Peer(admin.client, env).connected();
    await minutesPass(10);
    expect((await admin.client.get('/api/user')).statusCode).toBe(200); // the user's own request
    await minutesPass(10); // 20 minutes in, 10 since that request
    expect((await poll(admin.client)).statusCode).toBe(200);
    expect(socket.socket.connected).toBe(true);
    expect((await status(admin.client)).remainingMs).toBe(5 * MIN);

    await minutesPass(5);
    clock += 1_000;
    expect((await poll(admin.client)).statusCode).toBe(401);
    await settle(50);
    expect(socket.socket.connected).toBe(false);
  });

  it('"Stay signed in" (keep-alive) restarts the 15 minutes; reading the countdown never does', async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    await minutesPass(13);
    // Read without the background mark (the server knows this route never counts).
    expect((await status(doctor.client)).remainingMs).toBe(2 * MIN);
    const kept = await doctor.client.post(KEEP_ALIVE_PATH);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().remainingMs).toBe(15 * MIN);
    await minutesPass(14);
    expect((await status(doctor.client)).remainingMs).toBe(MIN);
    clock += MIN + 1_000;
    expect((await doctor.client.get(SESSION_STATUS_PATH)).statusCode).toBe(401);
    expect((await doctor.client.post(KEEP_ALIVE_PATH)).statusCode).toBe(401);
    expect(await sessionRows(doctor.id)).toEqual([]);
  });

  it('answers the countdown and keep-alive only with a session', async () => {
    const anonymous = await poll(new Client(t.app));
    expect(anonymous.statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: KEEP_ALIVE_PATH });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue');
  });
});

describe('in a live call', () => {
  it('a doctor stays signed in while the patient is in the room, and not once alone', async () => {
    const { doc, pat, doctor, patient, roomId } = await joinedPair(env);
    const closed = new Promise<string>((resolve) => doc.socket.once('disconnect', resolve));
    for (let minute = 10; minute <= 40; minute += 10) {
      await minutesPass(10);
      expect((await poll(doctor.client)).statusCode, `minute ${minute}`).toBe(200);
    }
    expect(doc.socket.connected).toBe(true);

    // The patient leaves; a doctor alone in the room is not in a call.
    pat.emit('leave-session', { sessionId: roomId });
    await doc.next('participant-left');
    await minutesPass(10);
    expect((await poll(doctor.client)).statusCode).toBe(200);
    await minutesPass(5);
    clock += 1_000;
    await sweepSessions(t.app.ctx);
    expect(await closed).toBe('io server disconnect');
    expect((await doctor.client.get('/api/user')).statusCode).toBe(401);
    // The patient, waiting on their page, is still signed in (ruling 17).
    expect((await patient.client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('patients (ruling 17, unchanged)', () => {
  it('stay signed in while waiting in the queue with the page open', async () => {
    const patient = await paidPatient(t.app);
    const socket = await new Peer(patient.client, env).connected();
    for (let minute = 20; minute <= 120; minute += 20) {
      await minutesPass(20);
      expect(socket.socket.connected, `minute ${minute}`).toBe(true);
    }
    expect((await patient.client.get('/api/queue/status')).statusCode).toBe(200);
  });

  it("count the queue page's polling as activity, and sign out after 30 minutes without any", async () => {
    const patient = await paidPatient(t.app);
    for (let minute = 25; minute <= 100; minute += 25) {
      clock += 25 * MIN;
      expect((await poll(patient.client, '/api/queue/status')).statusCode, `${minute}`).toBe(200);
    }
    expect((await status(patient.client)).remainingMs).toBe(30 * MIN);
    clock += 30 * MIN + 1_000;
    expect((await poll(patient.client, '/api/queue/status')).statusCode).toBe(401);
  });

  it('with pages open, are written in one UPDATE per sweep, each at most every five minutes (issue 23)', async () => {
    expect(PATIENT_SOCKET_WRITE_EVERY_MS).toBe(5 * MIN);
    const patients = [await paidPatient(t.app), await paidPatient(t.app), await paidPatient(t.app)];
    for (const p of patients) await new Peer(p.client, env).connected();
    const lastSeen = async () =>
      Promise.all(
        patients.map(async (p) => (await sessionRows(p.userId))[0]!.lastSeenAt.getTime()),
      );
    const signedInAt = await lastSeen();
    const updates = vi.spyOn(t.app.ctx.db, 'update');
    const sessionWrites = () => updates.mock.calls.filter(([table]) => table === sessions).length;
    try {
      await minutesPass(2);
      expect(await lastSeen()).toEqual(signedInAt); // the copy is 2 minutes old: nothing written
      expect(sessionWrites()).toBe(0);
      await minutesPass(4);
      expect(await lastSeen()).toEqual(patients.map(() => clock)); // 6 minutes: all of them
      // Every socket on the node is judged in one pass: one statement however many sessions.
      expect(sessionWrites()).toBe(1);
      await minutesPass(1);
      await minutesPass(1);
      expect(await lastSeen()).toEqual(patients.map(() => clock - 2 * MIN));
      expect(sessionWrites()).toBe(1);
    } finally {
      updates.mockRestore();
    }
    // Another node (or a restart) reading the database sees each session alive 40 minutes on.
    for (let minute = 0; minute < 32; minute++) await minutesPass(1);
    const otherNode = new SessionStore(t.app.ctx.db, () => clock);
    for (const p of patients)
      expect(await otherNode.resolve(p.client.cookie!.slice('sid='.length))).not.toBeNull();
  });

  it('closing the page writes its time at once, so another node counts the 30 minutes from there (issue 23)', async () => {
    const patient = await paidPatient(t.app);
    const peer = await new Peer(patient.client, env).connected();
    await minutesPass(3); // open for 3 minutes: the sweep has not written it yet
    const closedAt = clock;
    peer.socket.close();
    await settle(100);
    expect((await sessionRows(patient.userId))[0]!.lastSeenAt.getTime()).toBe(closedAt);
    clock += 29 * MIN;
    const otherNode = new SessionStore(t.app.ctx.db, () => clock);
    const token = patient.client.cookie!.slice('sid='.length);
    expect(await otherNode.resolve(token, { background: true })).not.toBeNull();
  });
});
