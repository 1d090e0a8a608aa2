import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, queueEntries } from '../../db/schema/index.js';
import { auditRows } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  type PaidPatient,
  paidPatient,
  queueEntriesOf,
  registerPatient,
} from '../../test/patients.js';

// The consultation queue (patient-side.md §3 Queue status, §4 Queue states; rulings 9, 14, 16).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statusOf = async (p: { client: PaidPatient['client'] }) => {
  const res = await p.client.get('/api/queue/status');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('joining', () => {
  it('GET /api/queue/status is null for a patient not in the queue', async () => {
    const patient = await registerPatient(t.app);
    expect(await statusOf(patient)).toBeNull();
  });

  it('an unpaid application cannot join', async () => {
    const patient = await registerPatient(t.app);
    const app = await patient.client.post('/api/applications', { type: 'new' });
    const res = await patient.client.post('/api/queue/join', {
      applicationId: app.json().id,
      notAtDispensary: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please complete payment before joining the queue');
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
    expect(await statusOf(patient)).toBeNull();
  });

  it('joining twice answers with the current entry (ruling 14)', async () => {
    const patient = await paidPatient(t.app);
    const first = await patient.client.post('/api/queue/join', {
      applicationId: patient.application.id,
      notAtDispensary: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(patient.queue);
    const second = await patient.client.post('/api/queue/join', {
      applicationId: patient.application.id,
      notAtDispensary: true,
    });
    expect(second.json()).toEqual(patient.queue);
    expect(await queueEntriesOf(t.app, patient.patientId)).toHaveLength(1);
  });

  it('an application id that is not a UUID is refused', async () => {
    const patient = await paidPatient(t.app);
    const res = await patient.client.post('/api/queue/join', {
      applicationId: 'first',
      notAtDispensary: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Application not found');
  });
});

describe('positions and estimates with many patients', () => {
  const line: PaidPatient[] = [];

  beforeAll(async () => {
    // Everyone joined above leaves first, so the line below starts empty.
    for (const entry of await t.app.ctx.db.select().from(queueEntries))
      await t.app.ctx.db
        .update(queueEntries)
        .set({ status: 'left', leftAt: new Date() })
        .where(eq(queueEntries.id, entry.id));
    t.app.ctx.queue.invalidate();
    // Paying joins the queue; 25 patients pay one after another.
    for (let i = 0; i < 25; i++) line.push(await paidPatient(t.app));
  });

  it('positions run 1..25 by join time, each wait (position - 1) × 15 minutes', async () => {
    for (const [i, patient] of line.entries()) {
      const status = await statusOf(patient);
      expect(status).toMatchObject({
        position: i + 1,
        estimatedWaitTime: i * 15,
        status: 'waiting',
        admitted: false,
        applicationId: patient.application.id,
      });
      expect(new Date(status.joinedAt).getTime()).toBeGreaterThan(
        i > 0 ? new Date((await statusOf(line[i - 1]!)).joinedAt).getTime() : 0,
      );
    }
  });

  it('the patient at position 3 is at 2 once one ahead leaves; the leaver has no status', async () => {
    const [, second, third, fourth] = line;
    expect((await statusOf(third!)).position).toBe(3);
    const left = await second!.client.post('/api/queue/leave');
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ message: 'You have left the queue' });

    expect(await statusOf(third!)).toMatchObject({ position: 2, estimatedWaitTime: 15 });
    expect(await statusOf(fourth!)).toMatchObject({ position: 3, estimatedWaitTime: 30 });
    expect((await statusOf(line[0]!)).position).toBe(1);
    expect(await statusOf(second!)).toBeNull();
    const [entry] = await queueEntriesOf(t.app, second!.patientId);
    expect(entry).toMatchObject({ status: 'left' });
    expect(entry!.leftAt).toBeInstanceOf(Date);
    const [audit] = (await auditRows(t.app, { targetId: entry!.id })).filter(
      (r) => r.action === 'queue.leave',
    );
    expect(audit).toMatchObject({ actorId: second!.userId });

    // Leaving twice: nothing to leave.
    const again = await second!.client.post('/api/queue/leave');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      "You don't currently have an active position in the consultation queue.",
    );

    // Joining again goes to the back of the line.
    const back = await second!.client.post('/api/queue/join', {
      applicationId: second!.application.id,
      notAtDispensary: true,
    });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ position: 25, estimatedWaitTime: 24 * 15 });
  });

  it('a completed consultation sets the average: 30 minutes instead of 15', async () => {
    const done = await paidPatient(t.app); // joins at position 26
    const [entry] = await queueEntriesOf(t.app, done.patientId);
    const now = Date.now();
    await t.app.ctx.db
      .update(queueEntries)
      .set({
        status: 'completed',
        startedAt: new Date(now - 40 * 60_000),
        completedAt: new Date(now - 10 * 60_000),
      })
      .where(eq(queueEntries.id, entry!.id));
    t.app.ctx.queue.invalidate();

    expect(t.app.ctx.queue.doctorsOnDuty).toBe(1);
    expect(await statusOf(line[0]!)).toMatchObject({ position: 1, estimatedWaitTime: 0 });
    expect(await statusOf(line[2]!)).toMatchObject({ position: 2, estimatedWaitTime: 30 });
    expect(await statusOf(line[24]!)).toMatchObject({ position: 24, estimatedWaitTime: 23 * 30 });
    expect(t.app.ctx.queue.averageConsultationMinutes).toBe(30);
    expect(await statusOf(line[2]!)).toMatchObject({ averageConsultationMinutes: 30 });
    expect(await statusOf(done)).toMatchObject({ status: 'completed', position: 0 });
  });

  it('a patient seen once cannot join again with the same application', async () => {
    const seen = await paidPatient(t.app);
    const [entry] = await queueEntriesOf(t.app, seen.patientId);
    await t.app.ctx.db
      .update(queueEntries)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(queueEntries.id, entry!.id));
    // The consultation moved the application on (in_review), as starting one does.
    await t.app.ctx.db
      .update(applications)
      .set({ status: 'in_review' })
      .where(eq(applications.id, seen.application.id));
    t.app.ctx.queue.invalidate();
    const res = await seen.client.post('/api/queue/join', {
      applicationId: seen.application.id,
      notAtDispensary: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please complete payment before joining the queue');
    expect(await queueEntriesOf(t.app, seen.patientId)).toHaveLength(1);
  });
});
