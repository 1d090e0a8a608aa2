import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, queueEntries } from '../../db/schema/index.js';
import { AuthnetStandIn, STAND_IN_CREDENTIALS } from '../../test/authnet-stand-in.js';
import { auditRows, goodPayment, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import {
  approveRequiredDocuments,
  type PaidPatient,
  paidPatient,
  paymentsOf,
  queueEntriesOf,
} from '../../test/patients.js';
import { runFeeUpkeep } from '../../upkeep.js';
import { AuthorizeNetGateway } from './authorize-net.js';

// Pay only if approved (issue 11, ADR 0010) against the Authorize.Net stand-in: the card is
// authorized at payment (authOnlyTransaction), captured on approval
// (priorAuthCaptureTransaction), voided on a denial or a removal from the line
// (voidTransaction), and a captured charge given back (refundTransaction). Each test checks
// the calls the stand-in received.

const standIn = new AuthnetStandIn();
let t: TestApp;
let doctor: { client: Client; id: string };
let master: Client;
let clock = Date.now();
const card = { cardNumber: '4111 1111 1111 1111', expiryDate: '12/39', cvv: '123' };

beforeAll(async () => {
  await standIn.start();
  t = await createTestApp({
    payments: new AuthorizeNetGateway({
      ...STAND_IN_CREDENTIALS,
      signatureKey: randomBytes(64).toString('hex'),
      endpoint: standIn.endpoint,
    }),
    now: () => clock,
  });
  doctor = await signedInAs(t.app, 'doctor');
  master = (await signedInAs(t.app, 'master_admin')).client;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.mode = 'approve';
  standIn.refuseFollowUps = false;
  clock = Date.now();
});

/** The transactions the stand-in received since `from`. */
const sentSince = (from: number) => standIn.transactions().slice(from);

async function pay(): Promise<PaidPatient & { transId: string }> {
  const patient = await paidPatient(t.app, card);
  const [payment] = await paymentsOf(t.app, patient.patientId);
  return { ...patient, transId: payment!.providerTransactionId! };
}

/** The doctor sees the patient and records the outcome; answers the outcome's response. */
async function decide(patient: PaidPatient, approved: boolean, reason?: string) {
  const queueId = patient.queue.id!;
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  expect((await doctor.client.post('/api/admin/end-consultation', { queueId })).statusCode).toBe(
    200,
  );
  if (approved) await approveRequiredDocuments(t.app, start.json().consultation.id);
  return doctor.client.post(`/api/admin/consultations/${start.json().consultation.id}/outcome`, {
    approved,
    ...(approved ? { identityVerified: true } : {}),
    ...(reason ? { reason } : {}),
  });
}

const applicationOf = async (patient: PaidPatient) =>
  (await patient.client.get('/api/applications')).json()[0];
const revenueToday = async () =>
  (await master.get('/api/admin/billing-verification')).json().revenue as string;

describe('authorized at payment, captured on approval', () => {
  it('holds the fee, then takes it with the authorization id; billing counts it once taken', async () => {
    const revenue = Number(await revenueToday());
    const before = standIn.transactions().length;
    const patient = await pay();
    expect(sentSince(before)).toEqual([{ type: 'authOnlyTransaction', amount: '137.30' }]);
    expect(await applicationOf(patient)).toMatchObject({
      paymentStatus: 'authorized',
      decisionReason: null,
      removalReason: null,
    });
    expect(Number(await revenueToday())).toBe(revenue); // a hold is not revenue

    const outcome = await decide(patient, true);
    expect(outcome.statusCode, outcome.body).toBe(200);
    expect(outcome.json()).toMatchObject({
      applicationStatus: 'approved',
      paymentStatus: 'captured',
    });
    expect(sentSince(before + 1)).toEqual([
      { type: 'priorAuthCaptureTransaction', refTransId: patient.transId, amount: '137.30' },
    ]);
    const [payment] = await paymentsOf(t.app, patient.patientId);
    expect(payment).toMatchObject({ status: 'captured', pendingAction: null });
    expect(payment!.capturedAt).toBeInstanceOf(Date);
    expect(await applicationOf(patient)).toMatchObject({
      status: 'approved',
      paymentStatus: 'captured',
      decisionReason: null,
    });
    // Revenue is the service fee: the $104.30 state fee is held for OMMA (issue 22).
    expect(Number(await revenueToday())).toBe(revenue + 33);
    const actions = (await auditRows(t.app, { targetId: payment!.id })).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.authorized', 'payment.captured']));
  });

  it('a processor down at approval leaves the capture pending; upkeep takes it once', async () => {
    const patient = await pay();
    standIn.mode = 'http-500';
    const outcome = await decide(patient, true);
    // The approval stands; the fee is still only held.
    expect(outcome.statusCode, outcome.body).toBe(200);
    expect(outcome.json()).toMatchObject({
      applicationStatus: 'approved',
      paymentStatus: 'authorized',
    });
    expect((await paymentsOf(t.app, patient.patientId))[0]).toMatchObject({
      status: 'authorized',
      pendingAction: 'capture',
    });

    standIn.mode = 'approve';
    // Within the grace the deciding request is left to finish it; after it, upkeep does.
    expect(await runFeeUpkeep(t.app.ctx)).toMatchObject({ settled: 0 });
    clock += 2 * 60_000;
    const before = standIn.transactions().length;
    expect(await runFeeUpkeep(t.app.ctx)).toMatchObject({ settled: 1 });
    expect(await runFeeUpkeep(t.app.ctx)).toMatchObject({ settled: 0 });
    expect(sentSince(before)).toEqual([
      { type: 'priorAuthCaptureTransaction', refTransId: patient.transId, amount: '137.30' },
    ]);
    expect((await applicationOf(patient)).paymentStatus).toBe('captured');
  });

  it('captured at the processor before a crash let it be recorded: the retry records it, nothing taken twice', async () => {
    const patient = await pay();
    standIn.mode = 'http-500';
    await decide(patient, true);
    standIn.mode = 'approve';
    // The capture reached the processor but its answer was lost.
    const gateway = t.app.ctx.payments;
    expect(await gateway.capture(patient.transId, 13_730)).toMatchObject({ done: true });
    clock += 2 * 60_000;
    expect(await runFeeUpkeep(t.app.ctx)).toMatchObject({ settled: 1 });
    expect((await paymentsOf(t.app, patient.patientId))[0]!.status).toBe('captured');
    const booked = standIn.ledger.filter((c) => c.transId === patient.transId);
    expect(booked).toEqual([expect.objectContaining({ state: 'captured', amount: '137.30' })]);
  });

  it('a capture the processor refuses (the hold expired): the approval stands, nothing taken, and it says so', async () => {
    const patient = await pay();
    standIn.refuseFollowUps = true;
    const outcome = await decide(patient, true);
    expect(outcome.statusCode, outcome.body).toBe(200);
    expect(await applicationOf(patient)).toMatchObject({
      status: 'approved',
      paymentStatus: 'voided',
    });
    const [payment] = await paymentsOf(t.app, patient.patientId);
    expect(payment).toMatchObject({ status: 'voided', pendingAction: null });
    const actions = (await auditRows(t.app, { targetId: payment!.id })).map((r) => r.action);
    expect(actions).toContain('payment.capture_refused');
  });
});

describe('released on a denial', () => {
  it('voids the hold and the patient reads the reason', async () => {
    const patient = await pay();
    const before = standIn.transactions().length;
    const outcome = await decide(
      patient,
      false,
      'Your condition does not qualify under Oklahoma law.',
    );
    expect(outcome.statusCode, outcome.body).toBe(200);
    expect(outcome.json()).toMatchObject({
      applicationStatus: 'rejected',
      paymentStatus: 'voided',
    });
    expect(sentSince(before).at(-1)).toEqual({
      type: 'voidTransaction',
      refTransId: patient.transId,
    });
    expect(await applicationOf(patient)).toMatchObject({
      status: 'rejected',
      paymentStatus: 'voided',
      decisionReason: 'Your condition does not qualify under Oklahoma law.',
    });
    expect((await paymentsOf(t.app, patient.patientId))[0]).toMatchObject({
      status: 'voided',
      pendingAction: null,
    });
  });
});

describe('POST /api/admin/reject-patient', () => {
  it('without a reason is a 400 with a message, and nothing is written or voided', async () => {
    const patient = await pay();
    const before = standIn.transactions().length;
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await doctor.client.post('/api/admin/reject-patient', {
        queueId: patient.queue.id,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/reason/);
    }
    expect(sentSince(before)).toEqual([]);
    expect((await queueEntriesOf(t.app, patient.patientId))[0]).toMatchObject({
      status: 'waiting',
      removalReason: null,
    });
    expect((await applicationOf(patient)).paymentStatus).toBe('authorized');
  });

  it('voids the hold, keeps the reason; no rejoin without a new payment, then rejoins after one', async () => {
    const patient = await pay();
    const before = standIn.transactions().length;
    const res = await doctor.client.post('/api/admin/reject-patient', {
      queueId: patient.queue.id,
      reason: '  Please finish your documents and join again.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sentSince(before)).toEqual([{ type: 'voidTransaction', refTransId: patient.transId }]);
    expect(await applicationOf(patient)).toMatchObject({
      paymentStatus: 'voided',
      removalReason: 'Please finish your documents and join again.',
    });

    const join = await patient.client.post('/api/queue/join', {
      applicationId: patient.application.id,
      notAtDispensary: true,
    });
    expect(join.statusCode).toBe(400);
    expect(join.json().message).toMatch(/^Please complete payment/);

    const again = await patient.client.post('/api/process-payment', goodPayment(card));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().application).toMatchObject({
      id: patient.application.id,
      paymentStatus: 'authorized',
      removalReason: null,
    });
    expect(sentSince(before + 1)).toEqual([{ type: 'authOnlyTransaction', amount: '137.30' }]);
    expect((await patient.client.get('/api/queue/status')).json()).toMatchObject({
      status: 'waiting',
    });
    const rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.map((r) => r.status).sort()).toEqual(['authorized', 'voided']);
  });

  it('a captured, settled charge is given back with the card’s masked last four', async () => {
    const patient = await pay();
    // A charge taken at payment before holds (ADR 0005), settled since.
    await t.app.ctx.payments.capture(patient.transId, 13_730);
    await t.app.ctx.db
      .update(payments)
      .set({ status: 'captured', capturedAt: new Date() })
      .where(eq(payments.patientId, patient.patientId));
    standIn.settle();
    const before = standIn.received.length;
    const res = await doctor.client.post(
      `/api/admin/meetings/${await meetingId()}/reject/${patient.queue.id}`,
      {
        reason: 'Duplicate registration',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = standIn.received
      .slice(before)
      .map((r) => r.body.createTransactionRequest.transactionRequest);
    // A settled charge cannot be voided: refunded instead.
    expect(sent.map((r) => r.transactionType)).toEqual(['voidTransaction', 'refundTransaction']);
    expect(sent[1]).toMatchObject({
      amount: '137.30',
      payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX' } },
      refTransId: patient.transId,
    });
    expect((await paymentsOf(t.app, patient.patientId))[0]!.status).toBe('refunded');
    expect(await applicationOf(patient)).toMatchObject({
      paymentStatus: 'refunded',
      removalReason: 'Duplicate registration',
    });
    const [entry] = await t.app.ctx.db
      .select()
      .from(queueEntries)
      .where(eq(queueEntries.id, patient.queue.id!));
    expect(entry).toMatchObject({ status: 'rejected', removalReason: 'Duplicate registration' });
  });
});

async function meetingId(): Promise<string> {
  const meetings = (await doctor.client.get('/api/admin/meetings')).json();
  return meetings.find((m: { doctor: { id: string } }) => m.doctor.id === doctor.id).meetingId;
}
