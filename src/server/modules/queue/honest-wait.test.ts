import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueueLine, QueueLineEventSchema } from '../../../shared/realtime.js';
import { PASSWORD, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { type PaidPatient, paidPatient } from '../../test/patients.js';

// Honest waits (issue 11): the patient's queue status says whether a physician is connected
// and, outside CLINIC_HOURS, when the clinic opens next. The clock is injected.

let clock = Date.now();
let t: TestApp;
let url: string;
let patient: PaidPatient;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    config: {
      CLINIC_TIMEZONE: 'America/Chicago',
      CLINIC_HOURS: 'Mon-Fri 09:00-18:00, Sat 10:00-14:00',
    },
    now: () => clock,
  });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  patient = await paidPatient(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(cookie: string): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const status = async () => {
  const res = await patient.client.get('/api/queue/status');
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** Moves the clock and signs in again, so the session is fresh at the new time. */
async function at(iso: string) {
  clock = Date.parse(iso);
  const res = await patient.client.post('/api/login', { email: patient.email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
}

/** Polls the status until `ok` holds: a socket's arrival is seen by the server a moment later. */
async function statusWhen(ok: (s: { physicianOnDuty: boolean }) => boolean) {
  for (let i = 0; i < 100; i++) {
    const s = await status();
    if (ok(s)) return s;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('status never changed');
}

describe('physician on duty', () => {
  it('with no physician connected the status says so, position kept', async () => {
    expect(await status()).toMatchObject({
      status: 'waiting',
      position: 1,
      physicianOnDuty: false,
    });
  });

  it('a physician connecting is pushed to the waiting patient, and leaving is too', async () => {
    const patientSocket = await connect(patient.client.cookie!);
    // It moves every waiting patient's estimate: it comes in the line's broadcast (ADR 0021).
    const lines: QueueLine[] = [];
    patientSocket.on('queue-line', (e: unknown) => lines.push(QueueLineEventSchema.parse(e)));

    const doctor = await signedInAs(t.app, 'doctor');
    const doctorSocket = await connect(doctor.client.cookie!);
    expect(await statusWhen((s) => s.physicianOnDuty)).toMatchObject({
      position: 1,
      physicianOnDuty: true,
    });
    await expect
      .poll(() => lines.some((e) => e.physicianOnDuty && e.doctorsOnDuty === 1))
      .toBe(true);

    doctorSocket.close();
    expect(await statusWhen((s) => !s.physicianOnDuty)).toMatchObject({ physicianOnDuty: false });
    await expect.poll(() => lines.at(-1)?.physicianOnDuty).toBe(false);
  });
});

describe('business hours (America/Chicago)', () => {
  it('while the clinic is open there is no opening time', async () => {
    await at('2026-01-14T16:00:00Z'); // Wed 10:00 CST
    expect((await status()).clinicOpensAt).toBeNull();
  });

  it('outside hours the status carries the next opening', async () => {
    await at('2026-01-17T21:00:00Z'); // Sat 15:00 CST, after the Saturday hours
    expect((await status()).clinicOpensAt).toBe('2026-01-19T15:00:00.000Z'); // Mon 09:00 CST
    await at('2026-01-17T01:00:00Z'); // Fri 19:00 CST
    expect((await status()).clinicOpensAt).toBe('2026-01-17T16:00:00.000Z'); // Sat 10:00 CST
  });

  it('app-config exposes the configured hours for the site to show', async () => {
    const res = await patient.client.get('/api/app-config');
    expect(res.json()).toMatchObject({
      clinicHours: 'Mon-Fri 09:00-18:00, Sat 10:00-14:00',
      clinicTimeZone: 'America/Chicago',
    });
  });
});
