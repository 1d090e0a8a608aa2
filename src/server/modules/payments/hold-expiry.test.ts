import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORIZATION_HOLD_DAYS } from '../../../shared/payment-status.js';
import { simulatorCharges } from '../../db/schema/index.js';
import { auditRows, goodPayment, PASSWORD, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  approveRequiredDocuments,
  type PaidPatient,
  paidPatient,
  paymentsOf,
  queueEntriesOf,
} from '../../test/patients.js';
import { runFeeUpkeep } from '../../upkeep.js';

// The simulator holds, takes and releases fees as the processor does, in its database ledger
// (issue 11); and a hold not taken within AUTHORIZATION_HOLD_DAYS is voided by upkeep, the
// patient paying again when they return. The clock is injected.

let t: TestApp;
let doctor: { client: Client; id: string };
let clock = Date.now();
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(() => t.close());
beforeEach(() => {
  clock = Date.now();
});

async function ledgerStatus(patient: PaidPatient) {
  const [payment] = await paymentsOf(t.app, patient.patientId);
  const [row] = await t.app.ctx.db
    .select()
    .from(simulatorCharges)
    .where(eq(simulatorCharges.reference, payment!.id));
  return row?.status;
}

async function decide(patient: PaidPatient, approved: boolean) {
  const queueId = patient.queue.id!;
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  await doctor.client.post('/api/admin/end-consultation', { queueId });
  if (approved) await approveRequiredDocuments(t.app, start.json().consultation.id);
  const res = await doctor.client.post(
    `/api/admin/consultations/${start.json().consultation.id}/outcome`,
    approved
      ? { approved, identityVerified: true }
      : { approved, reason: 'Not a qualifying condition' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the simulator', () => {
  it('holds at payment, takes on approval', async () => {
    const patient = await paidPatient(t.app);
    expect(await ledgerStatus(patient)).toBe('authorized');
    expect(await decide(patient, true)).toMatchObject({ paymentStatus: 'captured' });
    expect(await ledgerStatus(patient)).toBe('captured');
  });

  it('releases on a denial and on a removal from the line', async () => {
    const denied = await paidPatient(t.app);
    expect(await decide(denied, false)).toMatchObject({ paymentStatus: 'voided' });
    expect(await ledgerStatus(denied)).toBe('voided');

    const removed = await paidPatient(t.app);
    const res = await doctor.client.post('/api/admin/reject-patient', {
      queueId: removed.queue.id,
      reason: 'Joined by mistake',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerStatus(removed)).toBe('voided');
    expect((await paymentsOf(t.app, removed.patientId))[0]!.status).toBe('voided');
  });
});

describe(`a hold not taken within ${AUTHORIZATION_HOLD_DAYS} days`, () => {
  it('is voided; the application is unpaid again and the waiting patient leaves the line', async () => {
    const patient = await paidPatient(t.app);
    clock += (AUTHORIZATION_HOLD_DAYS - 1) * DAY;
    await runFeeUpkeep(t.app.ctx);
    expect((await paymentsOf(t.app, patient.patientId))[0]!.status).toBe('authorized');

    clock += 2 * DAY;
    expect((await runFeeUpkeep(t.app.ctx)).expired).toBeGreaterThanOrEqual(1);
    const [payment] = await paymentsOf(t.app, patient.patientId);
    expect(payment).toMatchObject({ status: 'voided', pendingAction: null });
    expect(await ledgerStatus(patient)).toBe('voided');
    expect((await applicationsOf(t.app, patient.patientId))[0]).toMatchObject({
      paymentStatus: 'unpaid',
      status: 'pending',
    });
    expect((await queueEntriesOf(t.app, patient.patientId))[0]!.status).toBe('payment_reversed');
    const actions = (await auditRows(t.app, { targetId: payment!.id })).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['payment.authorization_expired', 'payment.voided']),
    );

    // The patient returns (signing in again, a week on) and pays again, and is back in line.
    const back = await patient.client.post('/api/login', {
      email: patient.email,
      password: PASSWORD,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await patient.client.get('/api/applications')).json()[0]).toMatchObject({
      paymentStatus: 'unpaid',
    });
    const again = await patient.client.post('/api/process-payment', goodPayment());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().application.paymentStatus).toBe('authorized');
    expect((await patient.client.get('/api/queue/status')).json().status).toBe('waiting');
  });

  it('is left alone once the patient is with a physician: the decision takes or releases it', async () => {
    const patient = await paidPatient(t.app);
    const queueId = patient.queue.id!;
    expect(
      (await doctor.client.post('/api/admin/start-consultation', { queueId })).statusCode,
    ).toBe(200);
    clock += (AUTHORIZATION_HOLD_DAYS + 1) * DAY;
    await runFeeUpkeep(t.app.ctx);
    expect((await paymentsOf(t.app, patient.patientId))[0]!.status).toBe('authorized');
  });
});
