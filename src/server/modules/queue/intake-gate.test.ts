import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPENSARY_STATEMENT, STATEMENT_REQUIRED_MESSAGE } from '../../../shared/queue.js';
import { documents } from '../../db/schema/index.js';
import { dashboardUpload } from '../../test/files.js';
import { goodPayment } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  completeIntake,
  queueEntriesOf,
  REQUIRED_UPLOADS,
  registerPatient,
  type TestPatient,
} from '../../test/patients.js';

// Intake before the queue (issue 11): a condition, the three required documents and the
// dispensary statement, whichever way the patient comes to the queue.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Paid without the statement: the application is covered and nobody is queued. */
async function paidWithout(skip: ('condition' | 'id' | 'residency_proof' | 'photo')[] = []) {
  const patient = await registerPatient(t.app);
  const applicationId = await completeIntake(patient, { skip });
  const paid = await patient.client.post(
    '/api/process-payment',
    goodPayment({ notAtDispensary: undefined }),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().queue).toBeNull();
  return { ...patient, applicationId };
}

const join = (patient: TestPatient, applicationId: string, notAtDispensary?: unknown) =>
  patient.client.post('/api/queue/join', {
    applicationId,
    ...(notAtDispensary === undefined ? {} : { notAtDispensary }),
  });

describe('POST /api/queue/join: the intake gate', () => {
  it.each([
    ['condition', 'Before joining the queue, please add: a medical condition'],
    ['id', 'Before joining the queue, please add: Government-Issued ID'],
    ['residency_proof', 'Before joining the queue, please add: Proof of Oklahoma Residency'],
    ['photo', 'Before joining the queue, please add: Photograph'],
  ] as const)('is refused without the %s, naming it', async (missing, message) => {
    const patient = await paidWithout([missing]);
    const res = await join(patient, patient.applicationId, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
  });

  it('names everything missing at once, in the order the wizard asks for it', async () => {
    const patient = await paidWithout(['condition', 'residency_proof', 'photo']);
    const res = await join(patient, patient.applicationId, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Before joining the queue, please add: a medical condition, Proof of Oklahoma Residency, Photograph',
    );
  });

  it('a rejected document does not count; its replacement does', async () => {
    const patient = await paidWithout();
    // Staff turned the photo down: the patient must send another.
    await t.app.ctx.db
      .update(documents)
      .set({ status: 'rejected' })
      .where(and(eq(documents.patientId, patient.patientId), eq(documents.category, 'photo')));
    const refused = await join(patient, patient.applicationId, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Before joining the queue, please add: Photograph');
    const again = await dashboardUpload(patient.client, REQUIRED_UPLOADS[2].file, {
      type: 'photo',
      applicationId: patient.applicationId,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await join(patient, patient.applicationId, true)).statusCode).toBe(201);
  });

  it.each([
    ['missing', undefined],
    ['false', false],
    ['a string', 'yes'],
  ])('is refused without the dispensary statement (%s)', async (_label, value) => {
    const patient = await paidWithout();
    const res = await join(patient, patient.applicationId, value);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STATEMENT_REQUIRED_MESSAGE);
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
  });

  it('with everything, queues and keeps the statement and its time on the entry', async () => {
    const patient = await paidWithout();
    const before = Date.now();
    const res = await join(patient, patient.applicationId, true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'waiting', applicationId: patient.applicationId });
    const [entry] = await queueEntriesOf(t.app, patient.patientId);
    expect(entry!.dispensaryStatement).toBe(DISPENSARY_STATEMENT);
    expect(entry!.dispensaryStatementAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(entry!.dispensaryStatementAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('an unpaid complete intake is still refused for payment', async () => {
    const patient = await registerPatient(t.app);
    const applicationId = await completeIntake(patient);
    const res = await join(patient, applicationId, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please complete payment before joining the queue');
  });
});

describe('POST /api/process-payment and the queue', () => {
  it('paid before the intake: authorizes, creates the application and queues nobody', async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queue).toBeNull();
    expect(res.json().payment).toMatchObject({ status: 'authorized' });
    const [application] = await applicationsOf(t.app, patient.patientId);
    expect(application).toMatchObject({ status: 'payment_completed' });
    expect(res.json().application.id).toBe(application!.id);
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
    expect((await patient.client.get('/api/queue/status')).json()).toBeNull();

    // Once the intake is done the queue step joins, with the statement.
    await completeIntake(patient);
    const joined = await join(patient, application!.id, true);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'waiting' });
  });

  it('paid after the intake with the statement: queued in the same request, statement kept', async () => {
    const patient = await registerPatient(t.app);
    const applicationId = await completeIntake(patient);
    const res = await patient.client.post('/api/process-payment', goodPayment());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queue).toMatchObject({ status: 'waiting', applicationId });
    const [entry] = await queueEntriesOf(t.app, patient.patientId);
    expect(entry).toMatchObject({ dispensaryStatement: DISPENSARY_STATEMENT });
    expect(entry!.dispensaryStatementAt).toBeInstanceOf(Date);
  });

  it('paid after the intake without the statement: paid, not queued', async () => {
    const patient = await registerPatient(t.app);
    await completeIntake(patient);
    const res = await patient.client.post(
      '/api/process-payment',
      goodPayment({ notAtDispensary: false }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queue).toBeNull();
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
  });
});
