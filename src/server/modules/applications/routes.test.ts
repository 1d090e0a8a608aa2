import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, medicalConditions } from '../../db/schema/index.js';
import { auditRows, goodPayment, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  paidPatient,
  paymentsOf,
  queueEntriesOf,
  registerPatient,
  type TestPatient,
} from '../../test/patients.js';

// Applications (patient-side.md §3, §4, §5 Application form; rulings 6, 10, 14, 19, 21).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conditionsOf = (applicationId: string) =>
  t.app.ctx.db
    .select()
    .from(medicalConditions)
    .where(eq(medicalConditions.applicationId, applicationId));

async function withOpenApplication(): Promise<TestPatient & { applicationId: string }> {
  const patient = await registerPatient(t.app);
  const res = await patient.client.post('/api/applications', { type: 'new' });
  expect(res.statusCode, res.body).toBe(201);
  return { ...patient, applicationId: res.json().id };
}

describe('GET /api/applications', () => {
  it('is empty for a new patient', async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.get('/api/applications');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('POST /api/applications', () => {
  it('creates the open application, then answers with it (201, then 200)', async () => {
    const patient = await registerPatient(t.app);
    const first = await patient.client.post('/api/applications', {
      type: 'renewal',
      needsCaregiver: true,
      caregiverFirstName: 'Morgan',
      caregiverLastName: 'Collins',
      caregiverPhone: '(405) 555-0199',
      relationship: 'Spouse',
      physicianNotes: 'Worse at night',
      amount: '137.30',
    });
    expect(first.statusCode, first.body).toBe(201);
    const app = first.json();
    expect(app).toMatchObject({
      type: 'renewal',
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentId: null,
      amount: '137.30',
      hasReducedFee: false,
      needsCaregiver: true,
      caregiverFirstName: 'Morgan',
      relationship: 'Spouse',
      physicianNotes: 'Worse at night',
      medicalConditions: [],
    });
    expect(app.submittedAt).toEqual(expect.any(String));

    const second = await patient.client.post('/api/applications', { type: 'new' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: app.id, type: 'new', needsCaregiver: false });
    expect(second.json().caregiverFirstName).toBeNull();
    expect(await applicationsOf(t.app, patient.patientId)).toHaveLength(1);

    const list = await patient.client.get('/api/applications');
    expect(list.json()).toEqual([second.json()]);
    const one = await patient.client.get(`/api/applications/${app.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(second.json());

    const actions = (await auditRows(t.app, { targetId: app.id })).map((r) => r.action);
    expect(actions).toEqual(['application.create', 'application.submit', 'application.submit']);
  });

  it('refuses an amount that is not the schedule and writes nothing', async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/applications', { type: 'new', amount: '1.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The amount does not match the fee schedule ($137.30)');
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
  });

  it('refuses a status the clinic sets', async () => {
    const patient = await registerPatient(t.app);
    for (const status of ['approved', 'in_review', 'rejected']) {
      const res = await patient.client.post('/api/applications', { type: 'new', status });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Status is set by the clinic');
    }
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
  });

  it('validates the form: caregiver names when a caregiver is named, a reason for a reduced fee', async () => {
    const patient = await registerPatient(t.app);
    const caregiver = await patient.client.post('/api/applications', {
      type: 'new',
      needsCaregiver: true,
    });
    expect(caregiver.statusCode).toBe(400);
    expect(caregiver.json().message).toBe('Caregiver first name is required');
    const reduced = await patient.client.post('/api/applications', {
      type: 'new',
      hasReducedFee: true,
    });
    expect(reduced.statusCode).toBe(400);
    expect(reduced.json().message).toBe('Reduced Fee Reason Required');
    const type = await patient.client.post('/api/applications', { type: 'medical' });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('Choose New License or License Renewal');
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
  });

  it('needs an Oklahoma address', async () => {
    const patient = await registerPatient(t.app, { state: 'KS', city: 'Wichita' });
    const res = await patient.client.post('/api/applications', { type: 'new' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Oklahoma residency is required for an Oklahoma license');
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
  });

  it('after payment the type and fee stay as paid; the rest of the form still fills in', async () => {
    const patient = await paidPatient(t.app);
    const res = await patient.client.post('/api/applications', {
      type: 'renewal',
      hasReducedFee: true,
      reducedFeeReason: 'medicaid',
      amount: '32.50',
      physicianNotes: 'Migraines',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: patient.application.id,
      type: 'new',
      amount: '137.30',
      hasReducedFee: false,
      reducedFeeReason: null,
      paymentStatus: 'authorized',
      status: 'payment_completed',
      physicianNotes: 'Migraines',
    });
    const [row] = await applicationsOf(t.app, patient.patientId);
    expect(row).toMatchObject({ type: 'new', amountCents: 13_730, hasReducedFee: false });
  });
});

describe('the development bypass', () => {
  const bypass = {
    type: 'new',
    amount: '137.30',
    paymentStatus: 'paid',
    paymentId: 'dev-bypass',
    status: 'payment_completed',
  };

  it('outside production holds the fee like an authorization and, like a payment, queues nobody by itself', async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/applications', bypass);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ paymentStatus: 'authorized', status: 'payment_completed' });
    const [payment] = await paymentsOf(t.app, patient.patientId);
    expect(payment).toMatchObject({
      provider: 'development_bypass',
      status: 'authorized',
      amountCents: 13_730,
    });
    expect(res.json().paymentId).toBe(payment!.id);
    // The queue step joins, through the intake gate (issue 11).
    const queue = await patient.client.get('/api/queue/status');
    expect(queue.json()).toBeNull();
    const actions = (await auditRows(t.app, { targetId: res.json().id })).map((r) => r.action);
    expect(actions).toContain('application.bypass_payment');
  });

  it('is refused (409) once the visit has its decision, and a second time; nothing is written', async () => {
    // Seen and not approved: the application is closed and its hold released.
    const patient = await paidPatient(t.app);
    const doctor = await signedInAs(t.app, 'doctor');
    const queueId = { queueId: patient.queue.id };
    const start = await doctor.client.post('/api/admin/start-consultation', queueId);
    expect(start.statusCode, start.body).toBe(200);
    expect((await doctor.client.post('/api/admin/end-consultation', queueId)).statusCode).toBe(200);
    const denied = await doctor.client.post(
      `/api/admin/consultations/${start.json().consultation.id}/outcome`,
      { approved: false, reason: 'Does not qualify' },
    );
    expect(denied.statusCode, denied.body).toBe(200);
    const before = {
      applications: await applicationsOf(t.app, patient.patientId),
      payments: await paymentsOf(t.app, patient.patientId),
    };

    const afterDecision = await patient.client.post('/api/applications', bypass);
    expect(afterDecision.statusCode).toBe(409);
    expect(afterDecision.json().message).toBe(
      "This visit already has the physician's decision. Start a new application before paying again.",
    );
    expect(await applicationsOf(t.app, patient.patientId)).toEqual(before.applications);
    expect(await paymentsOf(t.app, patient.patientId)).toEqual(before.payments);

    // A new application is a new visit with its fee due: the bypass pays it, once.
    const next = await patient.client.post('/api/applications', { type: 'new' });
    expect(next.statusCode, next.body).toBe(201);
    const simulated = await patient.client.post('/api/applications', bypass);
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json()).toMatchObject({ id: next.json().id, paymentStatus: 'authorized' });
    const twice = await patient.client.post('/api/applications', bypass);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This application is already paid');
    expect(await paymentsOf(t.app, patient.patientId)).toHaveLength(before.payments.length + 1);
  });

  describe('in production', () => {
    let prod: TestApp;
    beforeAll(async () => {
      prod = await createTestApp({
        config: {
          NODE_ENV: 'production',
          // Production needs a mail server; nothing is sent here (no worker runs in tests).
          SMTP_URL: 'smtp://127.0.0.1:9',
          DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          PAYMENT_PROVIDER: 'simulator',
        },
      });
    });
    afterAll(() => prod.close());

    it('is refused (403) and nothing is written', async () => {
      const patient = await registerPatient(prod.app);
      for (const body of [
        bypass,
        { type: 'new', paymentStatus: 'paid' },
        { type: 'new', status: 'payment_completed' },
      ]) {
        const res = await patient.client.post('/api/applications', body);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Payment bypass is not available in production');
      }
      expect(await applicationsOf(prod.app, patient.patientId)).toEqual([]);
      expect(await paymentsOf(prod.app, patient.patientId)).toEqual([]);
      expect(await queueEntriesOf(prod.app, patient.patientId)).toEqual([]);

      // The form itself and a real payment work in production.
      const form = await patient.client.post('/api/applications', { type: 'new' });
      expect(form.statusCode).toBe(201);
      expect(form.json().paymentStatus).toBe('unpaid');
      const paid = await patient.client.post('/api/process-payment', goodPayment());
      expect(paid.statusCode, paid.body).toBe(200);
      const simulate = await patient.client.post('/api/applications', bypass);
      expect(simulate.statusCode).toBe(403);
    });
  });
});

describe('POST /api/applications/:id/medical-conditions', () => {
  it('accepts the corrected codes (ruling 21) and attaches them to the open application', async () => {
    const patient = await withOpenApplication();
    const url = `/api/applications/${patient.applicationId}/medical-conditions`;
    const sent = [
      { icdCode: 'G89.29', description: 'Chronic pain' },
      { icdCode: 'R11.0', description: 'Severe nausea' },
      { icdCode: 'M62.838', description: 'Severe muscle spasms' },
      { icdCode: null, description: 'Insomnia' },
      { icdCode: '', description: '  Migraines  ' },
    ];
    for (const condition of sent) {
      const res = await patient.client.post(url, condition);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(String),
        icdCode: condition.icdCode || null,
        description: condition.description.trim(),
      });
    }
    // The intake form posts to the application POST /api/applications answered with.
    const again = await patient.client.post('/api/applications', { type: 'new' });
    expect(again.json().id).toBe(patient.applicationId);
    expect(
      again.json().medicalConditions.map((c: { icdCode: string | null }) => c.icdCode),
    ).toEqual(['G89.29', 'R11.0', 'M62.838', null, null]);
    expect(await conditionsOf(patient.applicationId)).toHaveLength(5);
  });

  it('refuses the codes the spec got wrong, an unknown code and a missing description', async () => {
    const patient = await withOpenApplication();
    const url = `/api/applications/${patient.applicationId}/medical-conditions`;
    for (const icdCode of ['M79.3', 'R06.02', 'R50.9', 'Z99.9']) {
      const res = await patient.client.post(url, { icdCode, description: 'Chronic pain' });
      expect(res.statusCode, icdCode).toBe(400);
      expect(res.json().message).toBe('Choose a code from the list');
    }
    for (const body of [{ icdCode: 'G89.29' }, { icdCode: 'G89.29', description: '   ' }]) {
      const res = await patient.client.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Medical condition description is required');
    }
    expect(await conditionsOf(patient.applicationId)).toEqual([]);
  });

  it('answers 404 for an application that does not exist', async () => {
    const patient = await withOpenApplication();
    const res = await patient.client.post(
      '/api/applications/00000000-0000-4000-8000-000000000000/medical-conditions',
      { description: 'Chronic pain' },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Application not found');
  });
});

describe('DELETE /api/applications/:id/medical-conditions/:conditionId', () => {
  it('removes a condition from the open application, only the owner’s, only while open', async () => {
    const patient = await withOpenApplication();
    const url = `/api/applications/${patient.applicationId}/medical-conditions`;
    const kept = (
      await patient.client.post(url, { icdCode: 'G89.29', description: 'Chronic pain' })
    ).json();
    const gone = (
      await patient.client.post(url, { icdCode: 'R11.0', description: 'Severe nausea' })
    ).json();

    const other = await withOpenApplication();
    expect((await other.client.delete(`${url}/${gone.id}`)).statusCode).toBe(404);
    expect((await patient.client.delete(`${url}/${gone.id}`)).statusCode).toBe(204);
    expect((await patient.client.delete(`${url}/${gone.id}`)).statusCode).toBe(404);
    expect((await conditionsOf(patient.applicationId)).map((c) => c.id)).toEqual([kept.id]);

    await t.app.ctx.db
      .update(applications)
      .set({ status: 'approved' })
      .where(eq(applications.id, patient.applicationId));
    const closed = await patient.client.delete(`${url}/${kept.id}`);
    expect(closed.statusCode).toBe(409);
    expect((await conditionsOf(patient.applicationId)).map((c) => c.id)).toEqual([kept.id]);
  });
});
