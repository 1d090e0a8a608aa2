import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CANDIDATE_LENGTH, MAX_SDP_LENGTH, MAX_TOKEN_LENGTH } from '../../shared/signalling.js';
import { videoSessions } from '../db/schema/index.js';
import { issueJoinToken, joinTokenKey } from '../modules/video/join-token.js';
import { signedInAs } from '../test/fixtures.js';
import type { TestApp } from '../test/harness.js';
import { paidPatient } from '../test/patients.js';
import {
  closeSocketApp,
  joinedPair,
  openSocketApp,
  Peer,
  type PeerEnv,
  settle,
  videoCall,
} from '../test/socket-peer.js';

// WebRTC signalling (spec README ruling 8; staff-and-video.md §4, §7 second flow; ADR 0008):
// the server admits only holders of a join token for that room and user, and only a
// consultation's own people (or anyone signed in to a video session, up to its size); it
// relays between members of one session only and stamps the sender, drops malformed payloads,
// and tells the room who left.

let t: TestApp;
let env: PeerEnv;

beforeAll(async () => {
  ({ t, env } = await openSocketApp());
});
afterAll(() => closeSocketApp(t, env));

const OFFER = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const ANSWER = { type: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

describe('join-session', () => {
  it('lets the doctor and the patient in, each seeing the other as the server knows them', async () => {
    const call = await videoCall(env);
    const doc = await new Peer(call.doctor.client, env).connected();
    const pat = await new Peer(call.patient.client, env).connected();

    expect(await doc.join(call.roomId)).toBe('joined');
    expect(await doc.next('session-joined')).toEqual({ sessionId: call.roomId, participants: [] });

    expect(await pat.join(call.roomId)).toBe('joined');
    expect(await pat.next('session-joined')).toEqual({
      sessionId: call.roomId,
      participants: [
        { socketId: doc.id, userId: call.doctor.id, userName: 'Test doctor', role: 'doctor' },
      ],
    });
    // The forged userId / role / userName in the payload were ignored.
    expect(await doc.next('participant-joined')).toEqual({
      sessionId: call.roomId,
      socketId: pat.id,
      userId: call.patient.userId,
      userName: expect.any(String),
      role: 'patient',
    });
  });

  it('refuses another patient, another doctor, staff without runConsultation, and unknown sessions', async () => {
    const { roomId, doc } = await joinedPair(env);
    const stranger = await paidPatient(t.app);
    const assistant = await signedInAs(t.app, 'admin_assistant');
    const otherDoctor = await signedInAs(t.app, 'doctor');
    const outsider = await new Peer(stranger.client, env).connected();
    const helper = await new Peer(assistant.client, env).connected();
    const colleague = await new Peer(otherDoctor.client, env).connected();
    // Each holds a correctly signed token for this room: the server asks the room itself.
    for (const peer of [outsider, helper, colleague]) {
      expect(await peer.join(roomId)).toBe('refused');
      expect(peer.refusal()).toBe('You cannot join this video session');
    }
    expect(await outsider.join('no-such-room')).toBe('refused');
    expect(outsider.refusal()).toBe('You cannot join this video session');

    // Staff who may run consultations (an operations admin holds 'meetings') may join.
    const ops = await signedInAs(t.app, 'operations_admin');
    const opsPeer = await new Peer(ops.client, env).connected();
    expect(await opsPeer.join(roomId)).toBe('joined');
    await settle();
    // The doctor heard of the patient and the operations admin only.
    expect(doc.of('participant-joined')).toHaveLength(2);
  });
});

describe('relay', () => {
  it('passes offer, answer and candidates between members, stamped with the sender', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    doc.emit('webrtc-offer', { offer: OFFER, targetSocketId: pat.id, extra: 'stripped' });
    expect(await pat.next('webrtc-offer')).toEqual({
      sessionId: roomId,
      offer: OFFER,
      fromSocketId: doc.id,
    });
    pat.emit('webrtc-answer', { answer: ANSWER, targetSocketId: doc.id, sessionId: roomId });
    expect(await doc.next('webrtc-answer')).toEqual({
      sessionId: roomId,
      answer: ANSWER,
      fromSocketId: pat.id,
    });
    pat.emit('webrtc-ice-candidate', { candidate: CANDIDATE, sessionId: roomId });
    expect(await doc.next('webrtc-ice-candidate')).toEqual({
      sessionId: roomId,
      candidate: CANDIDATE,
      fromSocketId: pat.id,
    });
    doc.emit('webrtc-ice-candidate', {
      candidate: CANDIDATE,
      sessionId: roomId,
      targetSocketId: pat.id,
    });
    expect((await pat.next('webrtc-ice-candidate')).fromSocketId).toBe(doc.id);
    // Nobody hears their own messages.
    await settle();
    expect(doc.of('webrtc-ice-candidate')).toHaveLength(1);
    expect(pat.of('webrtc-ice-candidate')).toHaveLength(1);
  });

  it('delivers nothing from a non-member, nor to a socket outside the sender’s session', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    // A refused patient aims at the doctor's socket, with and without naming the session.
    const stranger = await paidPatient(t.app);
    const outsider = await new Peer(stranger.client, env).connected();
    expect(await outsider.join(roomId)).toBe('refused');
    outsider.emit('webrtc-offer', { offer: OFFER, targetSocketId: doc.id });
    outsider.emit('webrtc-offer', { offer: OFFER, targetSocketId: doc.id, sessionId: roomId });
    outsider.emit('webrtc-ice-candidate', { candidate: CANDIDATE, sessionId: roomId });

    // A member of another call aims into this one.
    const other = await joinedPair(env);
    other.doc.emit('webrtc-offer', { offer: OFFER, targetSocketId: pat.id });
    other.doc.emit('webrtc-answer', { answer: ANSWER, targetSocketId: doc.id, sessionId: roomId });
    other.doc.emit('webrtc-ice-candidate', {
      candidate: CANDIDATE,
      sessionId: other.roomId,
      targetSocketId: doc.id,
    });
    // A member aims outside their session.
    doc.emit('webrtc-offer', { offer: OFFER, targetSocketId: outsider.id });

    // The calls themselves still work.
    other.pat.emit('webrtc-answer', { answer: ANSWER, targetSocketId: other.doc.id });
    expect((await other.doc.next('webrtc-answer')).fromSocketId).toBe(other.pat.id);
    await settle();
    for (const peer of [doc, pat, outsider])
      for (const event of ['webrtc-offer', 'webrtc-answer', 'webrtc-ice-candidate'] as const)
        expect(peer.of(event), `${event}`).toEqual([]);
    expect(other.pat.of('webrtc-offer')).toEqual([]);
  });

  it('drops malformed and oversized payloads and keeps serving', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    const bad: [string, unknown][] = [
      ['webrtc-offer', null],
      ['webrtc-offer', 'nonsense'],
      ['webrtc-offer', { offer: { type: 'offer' }, targetSocketId: pat.id }],
      ['webrtc-offer', { offer: { type: 'answer', sdp: 'x' }, targetSocketId: pat.id }],
      ['webrtc-offer', { offer: OFFER, targetSocketId: 42 }],
      ['webrtc-offer', { offer: OFFER, targetSocketId: 'x'.repeat(101) }],
      [
        'webrtc-offer',
        { offer: { type: 'offer', sdp: 'x'.repeat(MAX_SDP_LENGTH + 1) }, targetSocketId: pat.id },
      ],
      [
        'webrtc-answer',
        { answer: { type: 'answer', sdp: 'x'.repeat(MAX_SDP_LENGTH + 1) }, targetSocketId: pat.id },
      ],
      [
        'webrtc-ice-candidate',
        { candidate: { candidate: 'x'.repeat(MAX_CANDIDATE_LENGTH + 1) }, sessionId: roomId },
      ],
      ['webrtc-ice-candidate', { candidate: CANDIDATE }],
      [
        'webrtc-ice-candidate',
        { candidate: { ...CANDIDATE, sdpMLineIndex: -1 }, sessionId: roomId },
      ],
      ['join-session', { sessionId: 'x'.repeat(101) }],
      ['join-session', { sessionId: roomId, token: 'x'.repeat(MAX_TOKEN_LENGTH + 1) }],
      ['join-session', { sessionId: roomId, token: 42 }],
      ['join-session', undefined],
      ['leave-session', { sessionId: 7 }],
    ];
    for (const [event, payload] of bad) doc.emit(event, payload);
    // Beyond socket.io's 64 KB buffer the connection itself is cut; the server stays up.
    const flooder = await new Peer((await signedInAs(t.app, 'doctor')).client, env).connected();
    flooder.emit('webrtc-offer', { offer: { type: 'offer', sdp: 'x'.repeat(70 * 1024) } });

    await settle();
    // Queue news (their own entry, the line's broadcast) and call announcements are not relays.
    const news = new Set(['queue-update', 'queue-line', 'roomID-received']);
    expect(pat.events.map((e) => e.event).filter((e) => !news.has(e))).toEqual(['session-joined']);
    // Still serving: the same sockets relay, and a new connection joins.
    doc.emit('webrtc-offer', { offer: OFFER, targetSocketId: pat.id });
    expect((await pat.next('webrtc-offer')).fromSocketId).toBe(doc.id);
    const again = await new Peer(
      (await signedInAs(t.app, 'operations_admin')).client,
      env,
    ).connected();
    expect(await again.join(roomId)).toBe('joined');
  });
});

describe('leaving and ending', () => {
  it('tells the others when someone leaves or disconnects, and stops relaying to them', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    pat.emit('leave-session', { sessionId: roomId });
    expect(await doc.next('participant-left')).toEqual({ sessionId: roomId, socketId: pat.id });
    doc.emit('webrtc-offer', { offer: OFFER, targetSocketId: pat.id });
    // Having left, the patient can neither hear nor send into the room.
    pat.emit('webrtc-ice-candidate', { candidate: CANDIDATE, sessionId: roomId });
    await settle();
    expect(pat.of('webrtc-offer')).toEqual([]);
    expect(doc.of('webrtc-ice-candidate')).toEqual([]);

    // Back in, then gone by disconnecting.
    expect(await pat.join(roomId)).toBe('joined');
    expect((await pat.next('session-joined', 2)).participants).toMatchObject([
      { socketId: doc.id },
    ]);
    const patId = pat.id;
    pat.socket.disconnect();
    expect(await doc.next('participant-left', 2)).toEqual({ sessionId: roomId, socketId: patId });
  });

  it('says a dropped transport is reconnecting, so the others keep the call (issue 14)', async () => {
    const { roomId, doc, pat } = await joinedPair(env);
    const patId = pat.id;
    // What a draining node does to its sockets: the transport closes, the socket did not leave.
    pat.socket.io.engine.close();
    expect(await doc.next('participant-left')).toEqual({
      sessionId: roomId,
      socketId: patId,
      reconnecting: true,
    });
  });

  it('admits nobody once the consultation has ended', async () => {
    const { roomId, queueId, doctor, patient } = await videoCall(env);
    const doc = await new Peer(doctor.client, env).connected();
    expect(await doc.join(roomId)).toBe('joined');
    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
    // Tokens issued before the end no longer open the room.
    const pat = await new Peer(patient.client, env).connected();
    expect(await pat.join(roomId)).toBe('refused');
    expect(pat.refusal()).toBe('This call has ended');
    const doc2 = await new Peer(doctor.client, env).connected();
    expect(
      await doc2.join(
        roomId,
        issueJoinToken(joinTokenKey(t.app.ctx.config), { roomId, userId: doctor.id }).token,
      ),
    ).toBe('refused');
    expect(doc2.refusal()).toBe('This call has ended');
  });
});

describe('join tokens', () => {
  it('refuses a join without a token, with another room’s or another user’s, or an expired one', async () => {
    const call = await videoCall(env);
    const other = await videoCall(env);
    const doc = await new Peer(call.doctor.client, env).connected();
    const pat = await new Peer(call.patient.client, env).connected();
    const key = joinTokenKey(t.app.ctx.config);
    const attempts: [string, string | null][] = [
      ['no token', null],
      ['junk', 'not-a-token'],
      ['another room', issueJoinToken(key, { roomId: other.roomId, userId: call.doctor.id }).token],
      ['another user', await pat.token(call.roomId)],
      [
        'expired',
        issueJoinToken(key, { roomId: call.roomId, userId: call.doctor.id }, Date.now() - 3601_000)
          .token,
      ],
    ];
    for (const [label, token] of attempts) {
      expect(await doc.join(call.roomId, token), label).toBe('refused');
      expect(doc.refusal(), label).toBe('A valid join token is required');
    }
    // Refused, the doctor can neither send into the room nor hear from it.
    expect(await pat.join(call.roomId)).toBe('joined');
    doc.emit('webrtc-offer', { offer: OFFER, targetSocketId: pat.id, sessionId: call.roomId });
    doc.emit('webrtc-ice-candidate', { candidate: CANDIDATE, sessionId: call.roomId });
    pat.emit('webrtc-ice-candidate', { candidate: CANDIDATE, sessionId: call.roomId });
    await settle();
    expect(pat.of('webrtc-offer')).toEqual([]);
    expect(pat.of('participant-joined')).toEqual([]);
    expect(doc.of('webrtc-ice-candidate')).toEqual([]);
    // With the token the app gives, the same socket gets in.
    expect(await doc.join(call.roomId)).toBe('joined');
    expect((await pat.next('participant-joined')).socketId).toBe(doc.id);
  });
});

describe('video sessions', () => {
  it('admits anyone signed in up to its size, refuses the next, and counts who is in it', async () => {
    const host = await signedInAs(t.app, 'admin_assistant');
    const created = await host.client.post('/api/video/sessions', {
      title: 'Two-seat room',
      maxParticipants: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().session.id;
    // Without PUBLIC_URL the link uses the origin the request came to.
    expect(created.json().joinUrl).toMatch(/^http:\/\/localhost(:\d+)?\/video-call\?session=/);

    const hostPeer = await new Peer(host.client, env).connected();
    const guest = await paidPatient(t.app);
    const guestPeer = await new Peer(guest.client, env).connected();
    expect(await hostPeer.join(id)).toBe('joined');
    expect(await guestPeer.join(id)).toBe('joined');

    // The third is turned away by the token endpoint and, token or not, by the server.
    const third = await signedInAs(t.app, 'doctor');
    const full = await third.client.post('/api/video/token', { roomId: id });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: 'This session is full', code: 'CONFLICT' });
    const thirdPeer = await new Peer(third.client, env).connected();
    expect(await thirdPeer.join(id)).toBe('refused');
    expect(thirdPeer.refusal()).toBe('This session is full');
    // Someone already in it may still get a token (a reload).
    expect((await guest.client.post('/api/video/token', { roomId: id })).statusCode).toBe(200);

    // The list shows it live; the row remembers it was used.
    const list = (await host.client.get('/api/video/sessions')).json();
    expect(list).toMatchObject({ activeSessions: 1, totalSessions: 1 });
    expect(list.sessions[0]).toMatchObject({ id, status: 'active', participantCount: 2 });
    const [row] = await t.app.ctx.db.select().from(videoSessions).where(eq(videoSessions.id, id));
    expect(row).toMatchObject({ status: 'active', lastActiveAt: expect.any(Date) });

    // A seat frees up when someone leaves.
    guestPeer.emit('leave-session', { sessionId: id });
    await hostPeer.next('participant-left');
    expect(await thirdPeer.join(id)).toBe('joined');
    expect((await hostPeer.next('participant-joined', 2)).userId).toBe(third.id);
  });
});
