import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translateText } from '../../i18n/translate.js';
import {
  AuthnetStandIn,
  type BookedCharge,
  STAND_IN_CREDENTIALS,
} from '../../test/authnet-stand-in.js';
import { goodPayment } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { intakeReadyPatient, paymentsOf, registerPatient } from '../../test/patients.js';
import { AuthorizeNetGateway, invoiceFor } from './authorize-net.js';
import { RECONCILE_AFTER_MS } from './reconcile.js';
import { PAYMENT_BEING_CHECKED } from './service.js';

// Reconciliation with Authorize.Net (issue 10, defect 3): the adapter finds a charge by its
// invoice number (our payment id) through getUnsettledTransactionListRequest, then
// getTransactionDetailsRequest, against the local stand-in; a payment left pending by a
// "killed" app, or whose answer never came, ends paid once or failed. The clock is injected.

const standIn = new AuthnetStandIn();
const { received, ledger } = standIn;
const gatewayFor = (
  overrides: Partial<ConstructorParameters<typeof AuthorizeNetGateway>[0]> = {},
) =>
  new AuthorizeNetGateway({
    ...STAND_IN_CREDENTIALS,
    signatureKey: randomBytes(64).toString('hex'),
    endpoint: standIn.endpoint,
    ...overrides,
  });

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  await standIn.start();
  t = await createTestApp({ payments: gatewayFor(), now: () => clock });
});
afterAll(async () => {
  standIn.releaseHeld();
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.mode = 'approve';
  standIn.reportingDown = false;
  clock = Date.now();
});

const payCard = { cardNumber: '4111 1111 1111 1111', expiryDate: '12/39', cvv: '123' };

/** Sends a payment the stand-in charges and then holds unanswered; waits for the booking. */
async function payHeldAtStandIn(patient: Awaited<ReturnType<typeof registerPatient>>) {
  const first = patient.client.post('/api/process-payment', goodPayment(payCard));
  let booked: BookedCharge | undefined;
  for (let i = 0; i < 200 && !booked; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const [row] = await paymentsOf(t.app, patient.patientId);
    booked = row && ledger.find((c) => c.invoiceNumber === invoiceFor(row.id));
  }
  expect(booked).toBeDefined();
  return { first, booked: booked! };
}

describe('what happened to the charge with this reference (reconciliation)', () => {
  it('finds an approved charge by invoice number, with its transaction id, brand and last four', async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(await gatewayFor().lookup(row!.id)).toEqual({
      status: 'approved',
      transactionId: row!.providerTransactionId,
      brand: 'Visa',
      last4: '1111',
    });
  });

  it('a declined charge is declined, an unknown reference not found, a processor down unknown', async () => {
    standIn.mode = 'decline';
    const patient = await registerPatient(t.app);
    expect(
      (await patient.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
    ).toBe(402);
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(await gatewayFor().lookup(row!.id)).toMatchObject({
      status: 'declined',
      transactionId: row!.providerTransactionId,
    });
    expect(await gatewayFor().lookup('00000000-0000-4000-8000-000000000000')).toEqual({
      status: 'not_found',
    });
    standIn.reportingDown = true;
    expect(await gatewayFor().lookup(row!.id)).toEqual({ status: 'unknown' });
    expect(
      await gatewayFor({ endpoint: 'http://127.0.0.1:1/xml/v1/request.api' }).lookup(row!.id),
    ).toEqual({ status: 'unknown' });
  });

  it('charged while the app was "killed": the next attempt asks the processor and is paid once', async () => {
    standIn.mode = 'charge-then-hang';
    const patient = await intakeReadyPatient(t.app);
    clock = Date.now(); // the intake's uploads took real time: the payment starts now
    const { first, booked } = await payHeldAtStandIn(patient);
    standIn.mode = 'approve';
    const charges = received.length;
    expect(
      (await patient.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
    ).toBe(409);
    clock = Date.now() + RECONCILE_AFTER_MS + 1000; // stale however long the setup took
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      alreadyPaid: true,
      payment: { status: 'authorized', cardBrand: 'Visa', cardLast4: '1111' },
      queue: { status: 'waiting' },
    });
    expect(received.length).toBe(charges); // asked, never charged again
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row!.providerTransactionId).toBe(booked.transId);
    // The held answer finally fails: the first request answers with what was recorded.
    standIn.releaseHeld();
    const late = await first;
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().payment.id).toBe(row!.id);
    expect(await paymentsOf(t.app, patient.patientId)).toHaveLength(1);
  });
});

// A hold never settles; a captured one does. Captured at the processor before it was asked
// about (by the merchant in the processor's console, or a charge made before holds, ADR 0005)
// it is still found, and recorded as held: capturing it later is answered "already captured".
describe('a charge settled across the daily cut-off before it is asked about', () => {
  it('is found in the settled batches since the payment was created and recorded paid, once', async () => {
    standIn.mode = 'charge-then-hang';
    const patient = await intakeReadyPatient(t.app);
    const { first, booked } = await payHeldAtStandIn(patient);
    standIn.mode = 'approve';
    expect(await gatewayFor().capture(booked.transId, 13_730)).toMatchObject({ done: true });
    const batchId = standIn.settle(); // no longer in the unsettled list
    standIn.mode = 'approve';
    const charges = received.length;
    clock = Date.now() + RECONCILE_AFTER_MS + 1000;
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      alreadyPaid: true,
      payment: { status: 'authorized', cardBrand: 'Visa', cardLast4: '1111' },
      queue: { status: 'waiting' },
    });
    expect(received.length).toBe(charges); // never charged again
    const rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.map((r) => [r.status, r.providerTransactionId])).toEqual([
      ['authorized', booked.transId],
    ]);
    expect(booked.settled?.batchId).toBe(batchId);
    standIn.releaseHeld();
    expect((await first).statusCode).toBe(200);
  });

  it('a settled batch outside the window is not searched; the list down is unknown', async () => {
    const patient = await registerPatient(t.app);
    expect(
      (await patient.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
    ).toBe(200);
    const [row] = await paymentsOf(t.app, patient.patientId);
    standIn.settle();
    // A hold is never settled: still in the unsettled list.
    expect(
      await gatewayFor().lookup(row!.id, { since: new Date(0), until: new Date(1) }),
    ).toMatchObject({ status: 'approved' });
    expect(await gatewayFor().capture(row!.providerTransactionId!, 13_730)).toMatchObject({
      done: true,
    });
    standIn.settle();
    const since = row!.createdAt;
    expect(await gatewayFor().lookup(row!.id, { since, until: new Date() })).toMatchObject({
      status: 'approved',
      transactionId: row!.providerTransactionId,
    });
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    expect(
      await gatewayFor().lookup(row!.id, { since: later, until: new Date(later.getTime() + 1) }),
    ).toEqual({ status: 'not_found' });
    standIn.reportingDown = true;
    expect(await gatewayFor().lookup(row!.id, { since, until: new Date() })).toEqual({
      status: 'unknown',
    });
  });
});

describe('a charge held for fraud review', () => {
  it('is neither paid nor declined: pending until the merchant decides, then paid, once', async () => {
    standIn.mode = 'review';
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toEqual({
      message: translateText('en', PAYMENT_BEING_CHECKED),
      code: 'BAD_GATEWAY',
    });
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row!.status).toBe('pending');
    const held = ledger.find((c) => c.invoiceNumber === invoiceFor(row!.id))!;
    expect(await gatewayFor().lookup(row!.id)).toEqual({ status: 'unknown' });

    // Still held once stale: reconciliation concludes nothing and no second charge is made.
    standIn.mode = 'approve';
    const charges = received.length;
    clock = Date.now() + RECONCILE_AFTER_MS + 1000;
    expect(
      (await patient.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
    ).toBe(409);
    expect((await paymentsOf(t.app, patient.patientId)).map((p) => p.status)).toEqual(['pending']);

    standIn.approveReview(held.transId);
    const paid = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ alreadyPaid: true, payment: { status: 'authorized' } });
    expect(received.length).toBe(charges);
    expect(
      (await paymentsOf(t.app, patient.patientId)).map((p) => p.providerTransactionId),
    ).toEqual([held.transId]);
  });
});

describe('a charge whose answer never comes back', () => {
  it('charged at the processor: the processor is asked at once and the payment is paid, once', async () => {
    const impatient = await createTestApp({
      payments: gatewayFor({ timeoutMs: 300 }),
      now: () => clock,
    });
    try {
      standIn.mode = 'charge-then-hang';
      const patient = await intakeReadyPatient(impatient.app);
      const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        payment: { status: 'authorized', cardLast4: '1111' },
        queue: { status: 'waiting' },
      });
      const [row] = await paymentsOf(impatient.app, patient.patientId);
      expect(ledger.find((c) => c.transId === row!.providerTransactionId)).toBeDefined();

      // Sent, its answer dropped, and not listed by the processor (yet): the request may still
      // be completed, so the payment stays pending and nothing is charged twice.
      standIn.mode = 'hang';
      const other = await registerPatient(impatient.app);
      const lost = await other.client.post('/api/process-payment', goodPayment(payCard));
      expect(lost.statusCode).toBe(502);
      expect(lost.json()).toEqual({
        message: translateText('en', PAYMENT_BEING_CHECKED),
        code: 'BAD_GATEWAY',
      });
      expect((await paymentsOf(impatient.app, other.patientId)).map((p) => p.status)).toEqual([
        'pending',
      ]);
      standIn.mode = 'approve';
      const charges = received.length;
      expect(
        (await other.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
      ).toBe(409);
      expect(received.length).toBe(charges);
      // Once stale, reconciliation concludes it was never charged: failed, and a retry pays.
      clock = Date.now() + RECONCILE_AFTER_MS + 1000;
      expect(
        (await other.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
      ).toBe(200);
      expect(
        (await paymentsOf(impatient.app, other.patientId)).map((p) => p.status).sort(),
      ).toEqual(['authorized', 'error']);
    } finally {
      standIn.releaseHeld();
      await impatient.close();
    }
  });
});
