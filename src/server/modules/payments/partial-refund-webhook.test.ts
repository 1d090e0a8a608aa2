import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, paymentRefunds, payments } from '../../db/schema/index.js';
import { AuthnetStandIn, STAND_IN_CREDENTIALS } from '../../test/authnet-stand-in.js';
import { auditRows, goodPayment } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { applicationsOf, paymentsOf, registerPatient } from '../../test/patients.js';
import { AuthorizeNetGateway } from './authorize-net.js';

// Issue 22: a refund the processor reports may give back part of a charge (the state fee of an
// application the clinic did not submit). It is added to refunded_cents; the payment stays
// captured for the service fee and the application stays paid. Only a refund of the whole
// remainder reverses the payment. A notification sent again, or the echo of a refund the clinic
// recorded itself, changes nothing.

const SIGNATURE_KEY = randomBytes(64).toString('hex').toUpperCase();
const standIn = new AuthnetStandIn();
let t: TestApp;

beforeAll(async () => {
  await standIn.start();
  t = await createTestApp({
    payments: new AuthorizeNetGateway({
      ...STAND_IN_CREDENTIALS,
      signatureKey: SIGNATURE_KEY,
      endpoint: standIn.endpoint,
    }),
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const sign = (body: string) =>
  `sha512=${createHmac('sha512', SIGNATURE_KEY).update(body).digest('hex')}`;

/** The processor's notification of a refund transaction, as Authorize.Net sends it. */
async function notifyRefund(refundId: string, authAmount: number) {
  const body = JSON.stringify({
    notificationId: randomBytes(8).toString('hex'),
    eventType: 'net.authorize.payment.refund.created',
    eventDate: '2026-11-27T10:00:00.0Z',
    webhookId: '0b0b7b8f-4d3b-4b42-9c6c-4f6b1c3a9d11',
    payload: { responseCode: 1, authAmount, entityName: 'transaction', id: refundId },
  });
  const res = await new Client(t.app).request({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-anet-signature': sign(body) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Paid at $137.30 (OMMA's $104.30 + $33.00) and taken on approval. */
async function capturedPayment() {
  const patient = await registerPatient(t.app);
  const card = { cardNumber: '4111 1111 1111 1111', expiryDate: '12/39', cvv: '123' };
  const res = await patient.client.post('/api/process-payment', goodPayment(card));
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await paymentsOf(t.app, patient.patientId);
  // The approval's capture, recorded as settle.ts records it.
  await t.app.ctx.db
    .update(payments)
    .set({ status: 'captured', capturedAt: new Date() })
    .where(eq(payments.id, payment!.id));
  await t.app.ctx.db
    .update(applications)
    .set({ paymentStatus: 'captured', status: 'approved' })
    .where(eq(applications.id, payment!.applicationId));
  return { patient, payment: payment! };
}

const paymentNow = async (id: string) =>
  (await t.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe('a refund for part of a captured charge', () => {
  it('adds to refunded_cents, keeps the payment captured and the application paid; sent again, it counts once', async () => {
    const { patient, payment } = await capturedPayment();
    const refundId = standIn.refund(payment.providerTransactionId!, '104.30');
    await notifyRefund(refundId, 104.3);

    expect(await paymentNow(payment.id)).toMatchObject({
      status: 'captured',
      refundedCents: 10_430,
    });
    expect((await applicationsOf(t.app, patient.patientId))[0]).toMatchObject({
      paymentStatus: 'captured',
      status: 'approved',
    });
    const actions = (await auditRows(t.app, { targetId: payment.id })).map((r) => r.action);
    expect(actions).toContain('payment.partially_refunded');
    expect(actions).not.toContain('payment.refunded');

    // Authorize.Net sends a notification again when unsure it arrived.
    await notifyRefund(refundId, 104.3);
    expect((await paymentNow(payment.id)).refundedCents).toBe(10_430);

    // The rest given back too: now the payment is reversed and the application unpaid.
    await notifyRefund(standIn.refund(payment.providerTransactionId!), 33);
    expect(await paymentNow(payment.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 13_730,
    });
    expect((await applicationsOf(t.app, patient.patientId))[0]).toMatchObject({
      paymentStatus: 'unpaid',
    });
  });

  it("the echo of the clinic's own state-fee refund changes nothing", async () => {
    const { patient, payment } = await capturedPayment();
    // The desk records its state-fee refund itself before asking the processor.
    await t.app.ctx.db
      .update(payments)
      .set({ refundedCents: 10_430 })
      .where(eq(payments.id, payment.id));
    const refundId = standIn.refund(payment.providerTransactionId!, '104.30');
    await notifyRefund(refundId, 104.3);

    expect(await paymentNow(payment.id)).toMatchObject({
      status: 'captured',
      refundedCents: 10_430,
    });
    expect((await applicationsOf(t.app, patient.patientId))[0]).toMatchObject({
      paymentStatus: 'captured',
    });
    const actions = (await auditRows(t.app, { targetId: payment.id })).map((r) => r.action);
    expect(actions).not.toContain('payment.partially_refunded');
    expect(
      await t.app.ctx.db
        .select({ source: paymentRefunds.source })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, payment.id)),
    ).toEqual([{ source: 'clinic' }]);
  });
});
