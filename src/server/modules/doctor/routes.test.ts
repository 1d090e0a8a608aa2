import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultations, queueEntries } from '../../db/schema/index.js';
import { auditRows, goodPayment, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import { clinicClock, noonTimeZone, seedJourney } from '../../test/matrix/operations.js';
import { intakeReadyPatient, type PaidPatient } from '../../test/patients.js';

// The Doctor Dashboard (staff-and-video.md §2; ruling 9: real application types, real average
// duration, a real "Completed Today" tab). The clinic's time zone is one where it is now about
// noon, so the seeded hours of "today" are certain.

const zone = noonTimeZone();
const { at } = clinicClock(zone);
const MINUTE = 60_000;

let t: TestApp;
let doctor: { client: Client; id: string };
let colleague: { client: Client; id: string };
let ada: PaidPatient;
let alan: PaidPatient;
let grace: PaidPatient;

async function waitingPatient(
  firstName: string,
  lastName: string,
  type: 'new' | 'renewal',
): Promise<PaidPatient> {
  // The intake the queue requires comes first (issue 11).
  const patient = await intakeReadyPatient(t.app, { firstName, lastName });
  const res = await patient.client.post(
    '/api/process-payment',
    goodPayment({ applicationType: type }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { ...patient, application: res.json().application, queue: res.json().queue };
}

/** Joined the queue this many minutes ago (set together, just before the tests read them). */
async function joinedMinutesAgo(patient: PaidPatient, minutes: number) {
  await t.app.ctx.db
    .update(queueEntries)
    .set({ joinedAt: new Date(Date.now() - minutes * MINUTE) })
    .where(eq(queueEntries.id, patient.queue.id));
}

beforeAll(async () => {
  t = await createTestApp({ config: { CLINIC_TIMEZONE: zone.timeZone } });
  doctor = await signedInAs(t.app, 'doctor');
  colleague = await signedInAs(t.app, 'doctor');
  ada = await waitingPatient('Ada', 'Lovelace', 'new');
  alan = await waitingPatient('Alan', 'Turing', 'renewal');
  grace = await waitingPatient('Grace', 'Hopper', 'new');
  await joinedMinutesAgo(ada, 30);
  await joinedMinutesAgo(alan, 20);
  await joinedMinutesAgo(grace, 10);
  t.app.ctx.queue.invalidate();
});
afterAll(() => t.close());

describe('GET /api/doctor/queue', () => {
  it('lists the waiting room with names, real application types and waits, audited', async () => {
    const res = await doctor.client.get('/api/doctor/queue');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: ada.queue.id,
        applicationId: ada.application.id,
        position: 1,
        joinedAt: expect.any(String),
        estimatedWaitTime: 0,
        status: 'waiting',
        patientName: 'Ada Lovelace',
        dateOfBirth: '1985-04-12',
        language: 'en',
        applicationType: 'new',
        waitTime: 30,
      },
      expect.objectContaining({
        id: alan.queue.id,
        position: 2,
        // No consultation has ended yet: 15 minutes each, one doctor on duty.
        estimatedWaitTime: 15,
        patientName: 'Alan Turing',
        applicationType: 'renewal',
        waitTime: 20,
      }),
      expect.objectContaining({ id: grace.queue.id, position: 3, estimatedWaitTime: 30 }),
    ]);
    expect((await auditRows(t.app, { actorId: doctor.id })).at(-1)).toMatchObject({
      action: 'patient_data.read',
      targetType: 'doctor_queue',
      details: { patients: 3 },
    });
  });

  it("shows a doctor the patients admitted to them, not a colleague's", async () => {
    const admit = await doctor.client.post('/api/admin/admit-patient', { queueId: ada.queue.id });
    expect(admit.statusCode, admit.body).toBe(200);
    const mine = (await doctor.client.get('/api/doctor/queue')).json();
    expect(
      mine.map((e: { id: string; position: number; status: string }) => [
        e.id,
        e.position,
        e.status,
      ]),
    ).toEqual([
      [ada.queue.id, 0, 'admitted'],
      [alan.queue.id, 1, 'waiting'],
      [grace.queue.id, 2, 'waiting'],
    ]);
    // Waited from joining until admission.
    expect(mine[0]).toMatchObject({ waitTime: 30, estimatedWaitTime: 0 });
    const theirs = (await colleague.client.get('/api/doctor/queue')).json();
    expect(theirs.map((e: { id: string }) => e.id)).toEqual([alan.queue.id, grace.queue.id]);
  });
});

describe('GET /api/doctor/consultations and /api/doctor/stats', () => {
  it('lists the active consultation and counts it', async () => {
    const start = await doctor.client.post('/api/admin/start-consultation', {
      queueId: ada.queue.id,
    });
    expect(start.statusCode, start.body).toBe(200);
    const active = await doctor.client.get('/api/doctor/consultations?scope=active');
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toEqual([
      {
        id: start.json().consultation.id,
        queueId: ada.queue.id,
        patientId: ada.patientId,
        patientName: 'Ada Lovelace',
        dateOfBirth: '1985-04-12',
        applicationId: ada.application.id,
        applicationType: 'new',
        roomId: null,
        startedAt: expect.any(String),
        endedAt: null,
        durationSeconds: null,
        outcome: null,
      },
    ]);
    expect((await auditRows(t.app, { actorId: doctor.id })).at(-1)).toMatchObject({
      action: 'patient_data.read',
      targetType: 'doctor_consultations',
      details: { scope: 'active', count: 1 },
    });
    // The default scope is active; a colleague has none.
    expect((await doctor.client.get('/api/doctor/consultations')).json()).toHaveLength(1);
    expect((await colleague.client.get('/api/doctor/consultations')).json()).toEqual([]);
    expect((await doctor.client.get('/api/doctor/stats')).json()).toEqual({
      waiting: 2,
      activeSessions: 1,
      todaysPatients: 1,
      averageDurationMinutes: null,
    });
    const bad = await doctor.client.get('/api/doctor/consultations?scope=week');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Scope must be active or today');
  });

  it("lists today's completed consultations and averages real durations over 30 days", async () => {
    const ended = await doctor.client.post('/api/admin/end-consultation', {
      queueId: ada.queue.id,
    });
    expect(ended.statusCode).toBe(200);
    // A 10-minute consultation that ended two minutes ago.
    const consultationId = ended.json().consultation.id;
    await t.app.ctx.db
      .update(consultations)
      .set({
        startedAt: new Date(Date.now() - 12 * MINUTE),
        endedAt: new Date(Date.now() - 2 * MINUTE),
        durationSeconds: 600,
      })
      .where(eq(consultations.id, consultationId));
    const visit = (day: number, hour: number, minutes: number) => ({
      registeredAt: at(day, hour - 1),
      payment: { cents: 13_700, at: at(day, hour - 1) },
      queue: {
        status: 'completed' as const,
        joinedAt: at(day, hour - 1),
        admittedAt: at(day, hour),
        startedAt: at(day, hour),
        completedAt: at(day, hour, minutes),
      },
      consultation: {
        doctorId: doctor.id,
        startedAt: at(day, hour),
        endedAt: at(day, hour, minutes),
        outcome: 'approved' as const,
      },
    });
    const earlyToday = await seedJourney(t, { ...visit(0, 2, 20), firstName: 'Early' });
    await seedJourney(t, visit(-1, 10, 25)); // yesterday: 25 minutes
    await seedJourney(t, visit(-20, 10, 15)); // 20 days ago: 15 minutes
    await seedJourney(t, visit(-40, 10, 50)); // 40 days ago: outside the 30 days

    const today = (await doctor.client.get('/api/doctor/consultations?scope=today')).json();
    expect(today).toEqual([
      expect.objectContaining({
        id: consultationId,
        patientName: 'Ada Lovelace',
        durationSeconds: 600,
        endedAt: expect.any(String),
        outcome: null,
      }),
      expect.objectContaining({
        id: earlyToday.consultationId,
        patientName: 'Early Patient',
        startedAt: at(0, 2).toISOString(),
        endedAt: at(0, 2, 20).toISOString(),
        durationSeconds: 1200,
        outcome: 'approved',
      }),
    ]);
    expect((await doctor.client.get('/api/doctor/consultations?scope=active')).json()).toEqual([]);
    expect((await doctor.client.get('/api/doctor/stats')).json()).toEqual({
      waiting: 2,
      activeSessions: 0,
      todaysPatients: 2,
      // 10, 20, 25 and 15 minutes.
      averageDurationMinutes: 17.5,
    });
  });
});
