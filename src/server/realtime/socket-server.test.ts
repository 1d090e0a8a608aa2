import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueStatusView } from '../../shared/queue.js';
import { applyQueueLine } from '../../shared/queue-line.js';
import {
  type QueueLine,
  QueueLineEventSchema,
  type QueueUpdateEvent,
} from '../../shared/realtime.js';
import { goodPayment, signedInAs } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { intakeReadyPatient, registerPatient, type TestPatient } from '../test/patients.js';

// socket.io on the app's own server (patient-side.md §7 Real-time connection): a patient hears
// their own queue changes at once and nobody else's, and the line's broadcast from which their
// page works out its place (ADR 0021); handshakes need our origin and a session.

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(headers: Record<string, string>): Socket {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves 'connected' or the connect error's message. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

/**
 * A patient's live connection: every queue-update (their own entry) and queue-line (the line's
 * broadcast) it receives, and the status their page shows from them (as queue.ts's cache does).
 */
class Listener {
  readonly events: QueueUpdateEvent[] = [];
  readonly lines: QueueLine[] = [];
  /** What the patient's page shows. */
  view: QueueStatusView | null = null;
  private waiters: { ok: () => boolean; resolve: () => void }[] = [];
  readonly socket: Socket;

  constructor(patient: TestPatient) {
    this.socket = connect({ cookie: patient.client.cookie! });
    this.socket.on('queue-update', (event) => {
      this.events.push(event);
      this.view = event.status;
      this.wake();
    });
    this.socket.on('queue-line', (event) => {
      const line = QueueLineEventSchema.parse(event);
      this.lines.push(line);
      if (this.view) this.view = applyQueueLine(this.view, line);
      this.wake();
    });
  }

  private wake() {
    this.waiters = this.waiters.filter((w) => {
      if (!w.ok()) return true;
      w.resolve();
      return false;
    });
  }

  /** Waits until the page shows this place. */
  shows(position: number): Promise<void> {
    return this.until(
      () => this.view?.position === position,
      () => `expected place ${position}, the page shows ${JSON.stringify(this.view)}`,
    );
  }

  /** Waits until `count` queue-updates have arrived in all. */
  received(count: number): Promise<void> {
    return this.until(
      () => this.events.length >= count,
      () => `expected ${count} events, got ${JSON.stringify(this.events)}`,
    );
  }

  private until(ok: () => boolean, failure: () => string): Promise<void> {
    if (ok()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(failure())), 5000);
      this.waiters.push({
        ok,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('queue-update', () => {
  it('reaches each patient with their own changes only', async () => {
    const ahead = await intakeReadyPatient(t.app);
    const a = await intakeReadyPatient(t.app);
    const b = await intakeReadyPatient(t.app);
    const listenA = new Listener(a);
    const listenB = new Listener(b);
    expect(await outcome(listenA.socket)).toBe('connected');
    expect(await outcome(listenB.socket)).toBe('connected');
    // On connecting, each hears where they stand: not in the queue.
    await Promise.all([listenA.received(1), listenB.received(1)]);
    expect(listenA.events).toEqual([{ status: null }]);
    expect(listenB.events).toEqual([{ status: null }]);

    // Another patient joins ahead: nothing for A or B.
    expect((await ahead.client.post('/api/process-payment', goodPayment())).statusCode).toBe(200);
    // A pays and joins behind them: A hears position 2.
    const paidA = await a.client.post('/api/process-payment', goodPayment());
    expect(paidA.statusCode).toBe(200);
    await listenA.received(2);
    expect(listenA.events[1]!.status).toMatchObject({
      position: 2,
      status: 'waiting',
      applicationId: paidA.json().application.id,
    });
    // B pays: B hears position 3; A's place did not move, so A hears nothing.
    const paidB = await b.client.post('/api/process-payment', goodPayment());
    expect(paidB.statusCode).toBe(200);
    await listenB.received(2);
    expect(listenB.events[1]!.status).toMatchObject({
      position: 3,
      applicationId: paidB.json().application.id,
    });

    // The patient ahead leaves: both move up, from the line's broadcast, with no update of
    // their own: the broadcast carries no patient's entry.
    expect(listenA.lines).toEqual([]);
    expect((await ahead.client.post('/api/queue/leave')).statusCode).toBe(200);
    await Promise.all([listenA.shows(1), listenB.shows(2)]);
    await settle();
    expect(listenA.events).toHaveLength(2);
    expect(listenB.events).toHaveLength(2);
    expect(listenA.view).toMatchObject({
      position: 1,
      estimatedWaitTime: 0,
      applicationId: paidA.json().application.id,
    });
    expect(listenB.lines).toEqual(listenA.lines);
    expect(listenA.lines).toHaveLength(1);
    expect(Object.keys(listenA.lines[0]!).sort()).toEqual([
      'averageConsultationMinutes',
      'clinicOpensAt',
      'doctorsOnDuty',
      'physicianOnDuty',
      'waiting',
    ]);

    // A leaves: A hears null, B moves to 1.
    expect((await a.client.post('/api/queue/leave')).statusCode).toBe(200);
    await Promise.all([listenA.received(3), listenB.shows(1)]);
    await settle();
    expect(listenA.events[2]).toEqual({ status: null });
    expect(listenA.events).toHaveLength(3);
    expect(listenB.events).toHaveLength(2);
    // The page's place is the one the server gives on a reload.
    expect((await b.client.get('/api/queue/status')).json()).toEqual(listenB.view);
    expect((await b.client.post('/api/queue/leave')).statusCode).toBe(200);
  });

  it("admitting the head of the line gives the next patient place 1 from the broadcast, with no other patient's data", async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    const first = await intakeReadyPatient(t.app);
    const second = await intakeReadyPatient(t.app);
    const paidFirst = await first.client.post('/api/process-payment', goodPayment());
    expect(paidFirst.statusCode).toBe(200);
    expect((await second.client.post('/api/process-payment', goodPayment())).statusCode).toBe(200);
    const listenFirst = new Listener(first);
    const listenSecond = new Listener(second);
    await Promise.all([listenFirst.shows(1), listenSecond.shows(2)]);

    const admitted = await doctor.client.post('/api/admin/admit-patient', {
      queueId: paidFirst.json().queue.id,
    });
    expect(admitted.statusCode, admitted.body).toBe(200);
    await listenSecond.shows(1);
    await listenFirst.received(2);
    expect(listenFirst.view).toMatchObject({ status: 'admitted', position: 0 });
    await settle();
    // The second patient heard the line, not the first patient's entry.
    expect(listenSecond.events).toHaveLength(1);
    expect(listenSecond.lines).toHaveLength(1);
    const heard = JSON.stringify(listenSecond.lines);
    for (const secret of [
      paidFirst.json().queue.id,
      paidFirst.json().application.id,
      first.email,
      'admitted',
    ])
      expect(heard).not.toContain(secret);
    expect(listenSecond.view).toMatchObject({
      position: 1,
      status: 'waiting',
      estimatedWaitTime: 0,
    });
    for (const who of [first, second]) await who.client.post('/api/queue/leave');
  });
});

describe('the handshake', () => {
  it('refuses a connection without a session cookie, or with one that is not a session', async () => {
    expect(await outcome(connect({}))).toBe('Unauthorized');
    expect(await outcome(connect({ cookie: 'sid=not-a-real-session' }))).toBe('Unauthorized');
  });

  it('refuses a connection from another site, even with a good session', async () => {
    const patient = await registerPatient(t.app);
    const cookie = patient.client.cookie!;
    // The upgrade is answered 400, which the client reports as a websocket error.
    expect(await outcome(connect({ cookie, origin: 'https://evil.example' }))).toBe(
      'websocket error',
    );
    expect(await outcome(connect({ cookie, origin: 'http://127.0.0.1:1' }))).toBe(
      'websocket error',
    );
    // An Origin that is not a URL (a sandboxed page sends "null") is refused the same way; it
    // once threw inside the handshake check, an uncaught exception that stops the server.
    expect(await outcome(connect({ cookie, origin: 'null' }))).toBe('websocket error');
    // Our own origin is welcome, and the server is still up after the refusals.
    expect(await outcome(connect({ cookie, origin: url }))).toBe('connected');
  });

  it('a session that signed out can no longer connect', async () => {
    const patient = await registerPatient(t.app);
    const cookie = patient.client.cookie!;
    expect(await outcome(connect({ cookie }))).toBe('connected');
    expect((await patient.client.post('/api/logout')).statusCode).toBe(200);
    expect(await outcome(connect({ cookie }))).toBe('Unauthorized');
  });

  it('tells connected staff that the queue changed, with no patient data, and patients nothing extra', async () => {
    const doctor = await signedInAs(t.app, 'doctor');
    const staffSocket = connect({ cookie: doctor.client.cookie! });
    const heard: unknown[][] = [];
    staffSocket.on('queue-changed', (...args: unknown[]) => heard.push(args));
    expect(await outcome(staffSocket)).toBe('connected');
    const patient = await intakeReadyPatient(t.app);
    expect((await patient.client.post('/api/process-payment', goodPayment())).statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < deadline) await settle();
    expect(heard.length).toBeGreaterThan(0);
    expect(heard[0]).toEqual([]);
  });
});
