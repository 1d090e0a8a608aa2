import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';
import { issueJoinToken, joinTokenKey } from '../modules/video/join-token.js';
import { signedInAs } from './fixtures.js';
import { type Client, createTestApp, type TestApp } from './harness.js';
import { paidPatient } from './patients.js';

// Real socket.io clients against a listening test app, for the realtime tests (signalling,
// in-room tools): each Peer records every event it receives and can wait for one.

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type EventName = keyof ServerToClientEvents;

/** The listening app, its URL, and the sockets to close afterwards. */
export interface PeerEnv {
  app: TestApp['app'];
  url: string;
  sockets: AppSocket[];
}

export async function listeningApp(t: TestApp): Promise<PeerEnv> {
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { app: t.app, url, sockets: [] };
}

/** A socket test file's app: a fresh test app listening on a free port. */
export async function openSocketApp(): Promise<{ t: TestApp; env: PeerEnv }> {
  const t = await createTestApp();
  return { t, env: await listeningApp(t) };
}

/** Closes the file's sockets before its app, so no client is left reconnecting. */
export async function closeSocketApp(t: TestApp | undefined, env: PeerEnv | undefined) {
  for (const s of env?.sockets ?? []) s.close();
  await t?.close();
}

export const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connected socket for a signed-in client, recording every event it receives. */
export class Peer {
  readonly socket: AppSocket;
  readonly events: { event: EventName; payload: unknown }[] = [];

  constructor(
    readonly client: Client,
    private readonly env: PeerEnv,
  ) {
    this.socket = io(env.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: client.cookie! },
      reconnection: false,
      forceNew: true,
      timeout: 5000,
    });
    env.sockets.push(this.socket);
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

  /**
   * A join token for this room as the app gives it (POST /api/video/token). When the endpoint
   * refuses, a correctly signed token for this user is made directly, so that signalling's own
   * membership check is what gets tested.
   */
  async token(sessionId: string): Promise<string> {
    const res = await this.client.post('/api/video/token', { roomId: sessionId });
    if (res.statusCode === 200) return res.json().token;
    const userId: string = (await this.client.get('/api/user')).json().id;
    return issueJoinToken(joinTokenKey(this.env.app.ctx.config), { roomId: sessionId, userId })
      .token;
  }

  /** The message of the latest join-session-refused. */
  refusal(): string | undefined {
    return (this.of('join-session-refused').at(-1) as { message: string } | undefined)?.message;
  }

  /** join-session (with a token unless one is given, or null for none): 'joined' or 'refused'. */
  async join(sessionId: string, token?: string | null): Promise<'joined' | 'refused'> {
    const sent = token === undefined ? await this.token(sessionId) : (token ?? undefined);
    const before = this.of('session-joined').length + this.of('join-session-refused').length;
    this.emit('join-session', {
      sessionId,
      token: sent,
      userId: 'forged',
      role: 'doctor',
      userName: 'Forged',
    });
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

/** A doctor opens a video call for a paid patient: both signed in, and the room id. */
export async function videoCall(env: PeerEnv) {
  const t = env;
  const doctor = await signedInAs(t.app, 'doctor');
  const patient = await paidPatient(t.app);
  const res = await doctor.client.post('/api/admin/start-video-call', {
    queueId: patient.queue.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  const roomId: string = res.json().roomId;
  return { doctor, patient, roomId, queueId: patient.queue.id };
}

/**
 * A video call with the doctor's and the patient's sockets joined to its room, on `env` or, in
 * a cluster, on the nodes given for each.
 */
export async function joinedPair(env: PeerEnv, on: { doctor?: PeerEnv; patient?: PeerEnv } = {}) {
  const call = await videoCall(env);
  const doc = await new Peer(call.doctor.client, on.doctor ?? env).connected();
  const pat = await new Peer(call.patient.client, on.patient ?? env).connected();
  expect(await doc.join(call.roomId)).toBe('joined');
  expect(await pat.join(call.roomId)).toBe('joined');
  await doc.next('participant-joined');
  return { ...call, doc, pat };
}

/** A whiteboard stroke, as the board sends one. */
export const WHITEBOARD_LINE = {
  points: [
    { x: 10, y: 10 },
    { x: 50.5, y: 60 },
  ],
  size: 5,
  color: '#3bcc4a',
  eraserMode: false,
};

/** An operations admin (who may join consultation rooms) enters the room through `env`. */
export async function staffJoins(env: PeerEnv, roomId: string) {
  const ops = await signedInAs(env.app, 'operations_admin');
  const peer = await new Peer(ops.client, env).connected();
  expect(await peer.join(roomId)).toBe('joined');
  return peer;
}

/** What the room hears once the patient consents: the recording is on. */
export const recordingOn = (roomId: string, recordingId: string) => ({
  sessionId: roomId,
  from: null,
  message: { type: 'recording', flag: true, recordingId },
});
