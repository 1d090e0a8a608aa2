import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../db/schema/index.js';
import { translateText } from '../../i18n/translate.js';
import { AuthnetStandIn, STAND_IN_CREDENTIALS } from '../../test/authnet-stand-in.js';
import { auditRows, goodPayment } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  intakeReadyPatient,
  paymentsOf,
  queueEntriesOf,
  registerPatient,
} from '../../test/patients.js';
import { AuthorizeNetGateway } from './authorize-net.js';
import { GatewayError } from './gateway.js';
import { RECONCILE_AFTER_MS } from './reconcile.js';
import { reversePayment } from './reversal.js';
import { PAYMENT_BEING_CHECKED } from './service.js';

// The Authorize.Net adapter against a local stand-in that speaks the documented JSON API
// (createTransactionRequest / createTransactionResponse, a UTF-8 BOM before the JSON, as the
// real endpoint answers), and the processor's signed webhooks.

const SIGNATURE_KEY = randomBytes(64).toString('hex').toUpperCase();
const standIn = new AuthnetStandIn();
const { received } = standIn;

let t: TestApp;
const gatewayFor = (
  overrides: Partial<ConstructorParameters<typeof AuthorizeNetGateway>[0]> = {},
) =>
  new AuthorizeNetGateway({
    ...STAND_IN_CREDENTIALS,
    signatureKey: SIGNATURE_KEY,
    endpoint: standIn.endpoint,
    ...overrides,
  });

beforeAll(async () => {
  await standIn.start();
  t = await createTestApp({ payments: gatewayFor(), now: () => clock });
});
afterAll(async () => {
  standIn.releaseHeld();
  await t.close();
  await standIn.close();
});
let clock = Date.now();
beforeEach(() => {
  standIn.mode = 'approve';
  standIn.reportingDown = false;
  clock = Date.now();
});

const payCard = { cardNumber: '4111 1111 1111 1111', expiryDate: '12/39', cvv: '123' };

describe('what the adapter sends', () => {
  it('a createTransactionRequest in the schema order, priced from the schedule', async () => {
    const patient = await registerPatient(t.app);
    const before = received.length;
    const res = await patient.client.post(
      '/api/process-payment',
      goodPayment({ ...payCard, billingName: 'Jamie Lee Collins' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(received).toHaveLength(before + 1);
    const sent = received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.contentType).toBe('application/json');
    const request = sent.body.createTransactionRequest;
    // The JSON API is validated against an XML schema: element order matters.
    expect(Object.keys(sent.body)).toEqual(['createTransactionRequest']);
    expect(Object.keys(request)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(Object.keys(request.transactionRequest)).toEqual([
      'transactionType',
      'amount',
      'payment',
      'order',
      'billTo',
    ]);
    expect(request.merchantAuthentication).toEqual({
      name: STAND_IN_CREDENTIALS.apiLoginId,
      transactionKey: STAND_IN_CREDENTIALS.transactionKey,
    });
    const payment = res.json().payment;
    expect(request.refId).toBe(payment.id.replace(/-/g, '').slice(0, 20));
    expect(request.transactionRequest).toMatchObject({
      transactionType: 'authOnlyTransaction',
      amount: '137.30',
      payment: {
        creditCard: { cardNumber: '4111111111111111', expirationDate: '2039-12', cardCode: '123' },
      },
      order: { invoiceNumber: request.refId },
      billTo: { firstName: 'Jamie', lastName: 'Lee Collins' },
    });
    expect(request.transactionRequest.order.description.length).toBeLessThanOrEqual(255);
  });

  it('the reduced fee is sent as 30.00', async () => {
    const patient = await registerPatient(t.app);
    const proof = new FormData();
    proof.append('category', 'reduced_fee_proof');
    proof.append(
      'document',
      new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]),
      'medicaid-card.pdf',
    );
    expect((await patient.client.post('/api/patient/upload-document', proof)).statusCode).toBe(201);
    const res = await patient.client.post(
      '/api/process-payment',
      goodPayment({
        ...payCard,
        hasReducedFee: true,
        reducedFeeReason: 'medicaid',
        amount: '32.50',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(received.at(-1)!.body.createTransactionRequest.transactionRequest.amount).toBe('32.50');
  });
});

describe('answers through the app', () => {
  it('approved → paid, with the processor transaction id, brand and last four', async () => {
    const patient = await intakeReadyPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      application: { paymentStatus: 'authorized', status: 'payment_completed' },
      payment: { status: 'authorized', cardBrand: 'Visa', cardLast4: '1111', amount: '137.30' },
      queue: { status: 'waiting' },
    });
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row).toMatchObject({
      provider: 'authorize_net',
      status: 'authorized',
      providerTransactionId: expect.stringMatching(/^601\d+$/),
    });
  });

  it("declined → 402 with the processor's text, nothing paid", async () => {
    standIn.mode = 'decline';
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('This transaction has been declined.');
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row).toMatchObject({
      status: 'declined',
      failureMessage: 'This transaction has been declined.',
      cardLast4: null,
    });
    expect((await applicationsOf(t.app, patient.patientId))[0]!.paymentStatus).toBe('unpaid');
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
  });

  it('an authentication error (no transaction at all) → 502, nothing paid, and a retry can pay', async () => {
    standIn.mode = 'auth-error';
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Payment could not be processed. Please try again.',
      code: 'BAD_GATEWAY',
    });
    const rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.map((r) => r.status)).toEqual(['error']);
    expect((await applicationsOf(t.app, patient.patientId))[0]!.paymentStatus).toBe('unpaid');
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);

    standIn.mode = 'approve';
    const retry = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it.each([
    ['an HTTP 500', 'http-500'],
    ['an answer that is not JSON', 'not-json'],
  ] as const)(
    '%s → 502, the payment stays pending until reconciliation concludes',
    async (_label, failure) => {
      standIn.mode = failure;
      const patient = await registerPatient(t.app);
      const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        message: translateText('en', PAYMENT_BEING_CHECKED),
        code: 'BAD_GATEWAY',
      });
      // The request was sent: the card may yet be charged, so no second charge for now.
      expect((await paymentsOf(t.app, patient.patientId)).map((r) => r.status)).toEqual([
        'pending',
      ]);
      standIn.mode = 'approve';
      const charges = received.length;
      const early = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(early.statusCode).toBe(409);
      expect(received.length).toBe(charges);

      clock = Date.now() + RECONCILE_AFTER_MS + 1000; // not listed by then: never charged, the patient may pay
      const retry = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(retry.statusCode, retry.body).toBe(200);
      expect((await paymentsOf(t.app, patient.patientId)).map((r) => r.status).sort()).toEqual([
        'authorized',
        'error',
      ]);
    },
  );

  it('a processor that cannot be reached or does not answer in time is a gateway error', async () => {
    const unreachable = gatewayFor({ endpoint: 'http://127.0.0.1:1/xml/v1/request.api' });
    const charge = {
      amountCents: 13_730,
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
      billingName: 'Jamie Collins',
      reference: '6d1f0c62-5d3e-4f8e-9a43-1b2c3d4e5f60',
      description: 'Medical marijuana new license evaluation',
    };
    await expect(unreachable.authorize(charge)).rejects.toBeInstanceOf(GatewayError);
    standIn.mode = 'hang';
    await expect(gatewayFor({ timeoutMs: 200 }).authorize(charge)).rejects.toBeInstanceOf(
      GatewayError,
    );
  });
});

describe('POST /api/payments/webhook', () => {
  const sign = (body: string, key = SIGNATURE_KEY) =>
    `sha512=${createHmac('sha512', key).update(body).digest('hex')}`;

  const event = (eventType: string, transId: string) =>
    JSON.stringify({
      notificationId: '5c3f7e00-1265-4e8e-abd0-a7d734163881',
      eventType,
      eventDate: '2026-11-22T10:00:00.0Z',
      webhookId: '0b0b7b8f-4d3b-4b42-9c6c-4f6b1c3a9d11',
      payload: {
        responseCode: 1,
        authCode: 'QWE123',
        avsResponse: 'Y',
        authAmount: 137.3,
        entityName: 'transaction',
        id: transId,
      },
    });

  const post = (body: string, signature?: string) =>
    new Client(t.app).request({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-anet-signature': signature }),
      },
    });

  async function paidTransaction() {
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode).toBe(200);
    const [row] = await paymentsOf(t.app, patient.patientId);
    return row!;
  }
  const statusOf = async (id: string) =>
    (await t.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;

  it('a signed refund marks the payment refunded (signature in upper-case hex)', async () => {
    const payment = await paidTransaction();
    // The event names the refund, a transaction of its own; the charge is its refTransId.
    const refundId = standIn.refund(payment.providerTransactionId!);
    expect(refundId).not.toBe(payment.providerTransactionId);
    const body = event('net.authorize.payment.refund.created', refundId);
    const signature = sign(body);
    const res = await post(body, `sha512=${signature.slice(7).toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await statusOf(payment.id)).toBe('refunded');
    const [audit] = await auditRows(t.app, { targetId: payment.id }).then((rows) =>
      rows.filter((r) => r.action === 'payment.refunded'),
    );
    expect(audit).toMatchObject({ targetType: 'payment', details: { via: 'webhook' } });
  });

  it('a refund event naming no refund changes nothing; the processor unreachable is a 502 to be sent again', async () => {
    const payment = await paidTransaction();
    // The charge's own id is not a refund: nothing is reversed on its say-so.
    const notARefund = event(
      'net.authorize.payment.refund.created',
      payment.providerTransactionId!,
    );
    expect((await post(notARefund, sign(notARefund))).statusCode).toBe(200);
    const unknown = event('net.authorize.payment.refund.created', '99999999999');
    expect((await post(unknown, sign(unknown))).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('authorized');

    const body = event(
      'net.authorize.payment.refund.created',
      standIn.refund(payment.providerTransactionId!),
    );
    standIn.reportingDown = true;
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(502);
    expect(await statusOf(payment.id)).toBe('authorized');
    standIn.reportingDown = false;
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('refunded');
  });

  it('a signed void marks the payment voided (lower-case hex)', async () => {
    const payment = await paidTransaction();
    const body = event('net.authorize.payment.void.created', payment.providerTransactionId!);
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('voided');
  });

  it('an event type named after an inherited member (constructor, toString, …) changes nothing', async () => {
    const payment = await paidTransaction();
    for (const eventType of ['constructor', 'toString', 'valueOf', '__proto__']) {
      const body = event(eventType, payment.providerTransactionId!);
      const res = await post(body, sign(body));
      expect(res.statusCode, `${eventType}: ${res.body}`).toBe(200);
    }
    expect(await statusOf(payment.id)).toBe('authorized');
  });

  it('a refund or void made at the processor unpays the application and takes the patient out of line', async () => {
    for (const [eventType, status] of [
      ['net.authorize.payment.refund.created', 'refunded'],
      ['net.authorize.payment.void.created', 'voided'],
    ] as const) {
      const patient = await intakeReadyPatient(t.app);
      const paid = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(paid.statusCode).toBe(200);
      expect((await patient.client.get('/api/queue/status')).json()).toMatchObject({
        status: 'waiting',
      });
      const [payment] = await paymentsOf(t.app, patient.patientId);
      const charge = payment!.providerTransactionId!;
      const body = event(eventType, status === 'refunded' ? standIn.refund(charge) : charge);
      expect((await post(body, sign(body))).statusCode).toBe(200);

      expect(await statusOf(payment!.id)).toBe(status);
      expect((await applicationsOf(t.app, patient.patientId))[0]).toMatchObject({
        paymentStatus: 'unpaid',
        status: 'pending',
      });
      const [entry] = await queueEntriesOf(t.app, patient.patientId);
      expect(entry).toMatchObject({ status: 'payment_reversed', leftAt: expect.any(Date) });
      const queueAudit = await auditRows(t.app, { targetId: entry!.id });
      expect(queueAudit.map((r) => r.action)).toContain('queue.payment_reversed');
      // The snapshot was rebuilt: the patient's own status no longer shows a place in line.
      const after = await patient.client.get('/api/queue/status');
      expect(after.json()).toBeNull();
      // Paying again works and queues again.
      const again = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().queue).toMatchObject({ status: 'waiting' });
    }
  });

  it('a void the clinic already recorded is not recorded twice when its webhook arrives', async () => {
    const patient = await registerPatient(t.app);
    expect(
      (await patient.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
    ).toBe(200);
    const [payment] = await paymentsOf(t.app, patient.patientId);
    const staff = { id: '00000000-0000-4000-8000-000000000001', role: 'admin' };
    expect(
      await reversePayment(t.app.ctx, {
        transactionId: payment!.providerTransactionId!,
        kind: 'voided',
        actor: staff,
        ip: '127.0.0.1',
        via: 'clinic',
      }),
    ).toBe(true);
    const body = event('net.authorize.payment.void.created', payment!.providerTransactionId!);
    expect((await post(body, sign(body))).statusCode).toBe(200);
    const actions = (await auditRows(t.app, { targetId: payment!.id })).map((r) => r.action);
    expect(actions.filter((a) => a === 'payment.voided')).toHaveLength(1);
    const appActions = (await auditRows(t.app, { targetId: payment!.applicationId })).map(
      (r) => r.action,
    );
    expect(appActions.filter((a) => a === 'application.unpaid')).toHaveLength(1);
  });

  it('a wrong, missing or stale signature → 401 and nothing changes', async () => {
    const payment = await paidTransaction();
    const body = event('net.authorize.payment.refund.created', payment.providerTransactionId!);
    const otherBody = event('net.authorize.payment.refund.created', '1');
    const attempts: (string | undefined)[] = [
      undefined,
      '',
      sign(body, randomBytes(64).toString('hex')),
      sign(otherBody),
      sign(body).slice(7),
      `sha256=${sign(body).slice(7)}`,
      `sha512=${'0'.repeat(128)}`,
    ];
    const denials = async () =>
      (
        await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'payment.webhook'))
      ).filter((r) => r.outcome === 'denied').length;
    const deniedBefore = await denials();
    for (const signature of attempts) {
      const res = await post(body, signature);
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid signature', code: 'UNAUTHORIZED' });
    }
    expect(await statusOf(payment.id)).toBe('authorized');
    expect(await denials()).toBe(deniedBefore + attempts.length);
    // The body altered after signing is refused too.
    const tampered = body.replace('refund', 'void');
    expect((await post(tampered, sign(body))).statusCode).toBe(401);
    expect(await statusOf(payment.id)).toBe('authorized');
  });

  it('a signed event of another kind is acknowledged and changes nothing', async () => {
    const payment = await paidTransaction();
    const body = event('net.authorize.payment.authcapture.created', payment.providerTransactionId!);
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('authorized');
  });
});
