import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';
import { MAX_CANDIDATE_LENGTH, MAX_SDP_LENGTH } from '../../shared/signalling.js';
import { signedInAs } from '../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../test/harness.js';
import { paidPatient } from '../test/patients.js';

// WebRTC signalling (spec README ruling 8; staff-and-video.md §4, §7 second flow): the server
// admits only a consultation's own people, relays between members of one session only and
// stamps the sender, drops malformed payloads, and tells the room who left.

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;

let t: TestApp;
let url: string;
const sockets: AppSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** A connected socket for a signed-in client, recording every event it receives. */
class Peer {
  readonly socket: AppSocket;
  readonly events: { event: EventName; payload: unknown }[] = [];

  constructor(client: Client) {
    this.socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: client.cookie! },
      reconnection: false,
      forceNew: true,
      timeout: 5000,
    });
    sockets.push(this.socket);
    this.socket.onAny((event: EventName, payload: unknown) => this.events.push({ event, payload }));
  }

  get id(): string {
    return this.socket.id!;
  }

  async connected(): Promise<this> {
    if (!this.socket.connected)
      await new Promise<void>((resolve, reject) => {
        this.socket.once('connect', () => resolve());
        this.socket.once('connect_error', reject);
      });
    return this;
  }

  /** The payloads of one event received so far. */
  of(event: EventName): unknown[] {
    return this.events.filter((e) => e.event === event).map((e) => e.payload);
  }

  /** Waits for the `n`th payload of an event (1-based) and answers it. */
  async next<E extends EventName>(
    event: E,
    n = 1,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]> {
    const deadline = Date.now() + 5000;
    while (this.of(event).length < n) {
      if (Date.now() > deadline)
        throw new Error(
          `no ${event} #${n}; got ${JSON.stringify(this.events.map((e) => e.event))}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.of(event)[n - 1] as Parameters<ServerToClientEvents[E]>[0];
  }

  emit(event: string, payload: unknown): void {
    (this.socket as unknown as Socket).emit(event, payload);
  }

  /** join-session, answering 'joined' or 'refused'. */
  async join(sessionId: string): Promise<'joined' | 'refused'> {
    const before = this.of('session-joined').length + this.of('join-session-refused').length;
    this.emit('join-session', { sessionId, userId: 'forged', role: 'doctor', userName: 'Forged' });
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const joined = this.events.filter(
        (e) =>
          (e.event === 'session-joined' || e.event === 'join-session-refused') &&
          (e.payload as { sessionId: string }).sessionId === sessionId,
      );
      if (this.of('session-joined').length + this.of('join-session-refused').length > before)
        return joined.at(-1)!.event === 'session-joined' ? 'joined' : 'refused';
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no answer to join-session');
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const OFFER = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const ANSWER = { type: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

/** A doctor opens a video call for a paid patient: both signed in, and the room id. */
async function videoCall() {
  const doctor = await signedInAs(t.app, 'doctor');
  const patient = await paidPatient(t.app);
  const res = await doctor.client.post('/api/admin/start-video-call', {
    queueId: patient.queue.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  const roomId: string = res.json().roomId;
  return { doctor, patient, roomId, queueId: patient.queue.id };
}

async function joinedPair() {
  const call = await videoCall();
  const doc = await new Peer(call.doctor.client).connected();
  const pat = await new Peer(call.patient.client).connected();
  expect(await doc.join(call.roomId)).toBe('joined');
  expect(await pat.join(call.roomId)).toBe('joined');
  await doc.next('participant-joined');
  return { ...call, doc, pat };
}

describe('join-session', () => {
  it('lets the doctor and the patient in, each seeing the other as the server knows them', async () => {
    const call = await videoCall();
    const doc = await new Peer(call.doctor.client).connected();
    const pat = await new Peer(call.patient.client).connected();

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
    const { roomId, doc } = await joinedPair();
    const stranger = await paidPatient(t.app);
    const assistant = await signedInAs(t.app, 'admin_assistant');
    const otherDoctor = await signedInAs(t.app, 'doctor');
    const outsider = await new Peer(stranger.client).connected();
    const helper = await new Peer(assistant.client).connected();
    const colleague = await new Peer(otherDoctor.client).connected();
    expect(await outsider.join(roomId)).toBe('refused');
    expect(await helper.join(roomId)).toBe('refused');
    expect(await colleague.join(roomId)).toBe('refused');
    expect(await outsider.join('no-such-room')).toBe('refused');

    // Staff who may run consultations (an operations admin holds 'meetings') may join.
    const ops = await signedInAs(t.app, 'operations_admin');
    const opsPeer = await new Peer(ops.client).connected();
    expect(await opsPeer.join(roomId)).toBe('joined');
    await settle();
    // The doctor heard of the patient and the operations admin only.
    expect(doc.of('participant-joined')).toHaveLength(2);
  });
});

describe('relay', () => {
  it('passes offer, answer and candidates between members, stamped with the sender', async () => {
    const { roomId, doc, pat } = await joinedPair();
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
    const { roomId, doc, pat } = await joinedPair();
    // A refused patient aims at the doctor's socket, with and without naming the session.
    const stranger = await paidPatient(t.app);
    const outsider = await new Peer(stranger.client).connected();
    expect(await outsider.join(roomId)).toBe('refused');
    outsider.emit('webrtc-offer', { offer: OFFER, targetSocketId: doc.id });
    outsider.emit('webrtc-offer', { offer: OFFER, targetSocketId: doc.id, sessionId: roomId });
    outsider.emit('webrtc-ice-candidate', { candidate: CANDIDATE, sessionId: roomId });

    // A member of another call aims into this one.
    const other = await joinedPair();
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
    const { roomId, doc, pat } = await joinedPair();
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
      ['join-session', undefined],
      ['leave-session', { sessionId: 7 }],
    ];
    for (const [event, payload] of bad) doc.emit(event, payload);
    // Beyond socket.io's 64 KB buffer the connection itself is cut; the server stays up.
    const flooder = await new Peer((await signedInAs(t.app, 'doctor')).client).connected();
    flooder.emit('webrtc-offer', { offer: { type: 'offer', sdp: 'x'.repeat(70 * 1024) } });

    await settle();
    expect(pat.events.map((e) => e.event).filter((e) => e !== 'queue-update')).toEqual([
      'session-joined',
    ]);
    // Still serving: the same sockets relay, and a new connection joins.
    doc.emit('webrtc-offer', { offer: OFFER, targetSocketId: pat.id });
    expect((await pat.next('webrtc-offer')).fromSocketId).toBe(doc.id);
    const again = await new Peer((await signedInAs(t.app, 'operations_admin')).client).connected();
    expect(await again.join(roomId)).toBe('joined');
  });
});

describe('leaving and ending', () => {
  it('tells the others when someone leaves or disconnects, and stops relaying to them', async () => {
    const { roomId, doc, pat } = await joinedPair();
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

  it('admits nobody once the consultation has ended', async () => {
    const { roomId, queueId, doctor, patient } = await videoCall();
    const doc = await new Peer(doctor.client).connected();
    expect(await doc.join(roomId)).toBe('joined');
    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
    const pat = await new Peer(patient.client).connected();
    expect(await pat.join(roomId)).toBe('refused');
    const doc2 = await new Peer(doctor.client).connected();
    expect(await doc2.join(roomId)).toBe('refused');
  });
});
