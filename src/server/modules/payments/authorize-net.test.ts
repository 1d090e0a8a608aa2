import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../db/schema/index.js';
import { answerReporting, type BookedCharge, book, withBom } from '../../test/authnet-stand-in.js';
import { auditRows, goodPayment } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  paymentsOf,
  queueEntriesOf,
  registerPatient,
} from '../../test/patients.js';
import { AuthorizeNetGateway } from './authorize-net.js';
import { GatewayError } from './gateway.js';
import { RECONCILE_AFTER_MS } from './reconcile.js';
import { reversePayment } from './reversal.js';

// The Authorize.Net adapter against a local stand-in that speaks the documented JSON API
// (createTransactionRequest / createTransactionResponse, a UTF-8 BOM before the JSON, as the
// real endpoint answers), and the processor's signed webhooks.

type Mode =
  | 'approve'
  | 'decline'
  | 'auth-error'
  | 'http-500'
  | 'not-json'
  | 'hang'
  /** Charges, then never answers: the app is "killed" before it hears back. */
  | 'charge-then-hang';

interface Received {
  method: string;
  contentType: string | undefined;
  body: {
    createTransactionRequest: {
      merchantAuthentication: { name: string; transactionKey: string };
      refId: string;
      transactionRequest: {
        transactionType: string;
        amount: string;
        payment: { creditCard: { cardNumber: string; expirationDate: string; cardCode: string } };
        order: { invoiceNumber: string; description: string };
        billTo: { firstName: string; lastName: string };
      };
    };
  };
}

const API_LOGIN_ID = 'okmmj-test-login';
const TRANSACTION_KEY = '7Ab3Cd9Ef0Gh1Jk2';
const SIGNATURE_KEY = randomBytes(64).toString('hex').toUpperCase();

let mode: Mode = 'approve';
let nextTransId = 60_100_000_001;
const received: Received[] = [];

/** What the stand-in charged, for the reporting calls reconciliation makes. */
const ledger: BookedCharge[] = [];
let reportingDown = false;
const held: ServerResponse[] = [];
const heldResponses = () => held.splice(0);

function respond(transId: string): { status: number; text: string } {
  const json = (body: unknown) => ({ status: 200, text: `\uFEFF${JSON.stringify(body)}` });
  switch (mode) {
    case 'approve':
      return json({
        transactionResponse: {
          responseCode: '1',
          authCode: 'QWE123',
          avsResultCode: 'Y',
          cvvResultCode: 'P',
          transId,
          refTransID: '',
          testRequest: '0',
          accountNumber: 'XXXX1111',
          accountType: 'Visa',
          messages: [{ code: '1', description: 'This transaction has been approved.' }],
        },
        refId: '123',
        messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
      });
    case 'decline':
      return json({
        transactionResponse: {
          responseCode: '2',
          authCode: '000000',
          transId,
          accountNumber: 'XXXX0027',
          accountType: 'Visa',
          errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
        },
        messages: {
          resultCode: 'Error',
          message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
        },
      });
    case 'auth-error':
      return json({
        messages: {
          resultCode: 'Error',
          message: [
            {
              code: 'E00007',
              text: 'User authentication failed due to invalid authentication values.',
            },
          ],
        },
      });
    case 'http-500':
      return { status: 500, text: 'Internal Server Error' };
    default:
      return { status: 200, text: '<html>Maintenance</html>' };
  }
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

let standIn: Server;
let endpoint: string;
let t: TestApp;
const gatewayFor = (
  overrides: Partial<ConstructorParameters<typeof AuthorizeNetGateway>[0]> = {},
) =>
  new AuthorizeNetGateway({
    apiLoginId: API_LOGIN_ID,
    transactionKey: TRANSACTION_KEY,
    signatureKey: SIGNATURE_KEY,
    endpoint,
    ...overrides,
  });

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    const text = await readBody(req);
    const body = JSON.parse(text);
    const report = answerReporting(ledger, body);
    if (report) {
      res.writeHead(reportingDown ? 503 : 200, { 'content-type': 'application/json' });
      res.end(reportingDown ? 'Service Unavailable' : withBom(report));
      return;
    }
    received.push({ method: req.method ?? '', contentType: req.headers['content-type'], body });
    const transId = String(nextTransId++);
    if (mode === 'approve' || mode === 'decline' || mode === 'charge-then-hang')
      book(ledger, body.createTransactionRequest, transId, mode !== 'decline');
    if (mode === 'hang' || mode === 'charge-then-hang') {
      held.push(res); // never answers
      return;
    }
    const { status, text: answer } = respond(transId);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(answer);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/xml/v1/request.api`;
  t = await createTestApp({ payments: gatewayFor(), now: () => clock });
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await t.close();
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});
let clock = Date.now();
beforeEach(() => {
  mode = 'approve';
  reportingDown = false;
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
      name: API_LOGIN_ID,
      transactionKey: TRANSACTION_KEY,
    });
    const payment = res.json().payment;
    expect(request.refId).toBe(payment.id.replace(/-/g, '').slice(0, 20));
    expect(request.transactionRequest).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '137.00',
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
        amount: '30.00',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(received.at(-1)!.body.createTransactionRequest.transactionRequest.amount).toBe('30.00');
  });
});

describe('answers through the app', () => {
  it('approved → paid, with the processor transaction id, brand and last four', async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      application: { paymentStatus: 'paid', status: 'payment_completed' },
      payment: { status: 'succeeded', cardBrand: 'Visa', cardLast4: '1111', amount: '137.00' },
      queue: { status: 'waiting' },
    });
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row).toMatchObject({
      provider: 'authorize_net',
      status: 'succeeded',
      providerTransactionId: expect.stringMatching(/^601\d+$/),
    });
  });

  it("declined → 402 with the processor's text, nothing paid", async () => {
    mode = 'decline';
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

  it.each([
    ['an authentication error (no transaction at all)', 'auth-error'],
    ['an HTTP 500', 'http-500'],
    ['an answer that is not JSON', 'not-json'],
  ] as const)('%s → 502, nothing paid, and a retry can pay', async (_label, failure) => {
    mode = failure;
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

    mode = 'approve';
    const retry = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('a processor that cannot be reached or does not answer in time is a gateway error', async () => {
    const unreachable = gatewayFor({ endpoint: 'http://127.0.0.1:1/xml/v1/request.api' });
    const charge = {
      amountCents: 13_700,
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
      billingName: 'Jamie Collins',
      reference: '6d1f0c62-5d3e-4f8e-9a43-1b2c3d4e5f60',
      description: 'Medical marijuana new license evaluation',
    };
    await expect(unreachable.charge(charge)).rejects.toBeInstanceOf(GatewayError);
    mode = 'hang';
    await expect(gatewayFor({ timeoutMs: 200 }).charge(charge)).rejects.toBeInstanceOf(
      GatewayError,
    );
  });
});

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
    mode = 'decline';
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
    reportingDown = true;
    expect(await gatewayFor().lookup(row!.id)).toEqual({ status: 'unknown' });
    expect(
      await gatewayFor({ endpoint: 'http://127.0.0.1:1/xml/v1/request.api' }).lookup(row!.id),
    ).toEqual({ status: 'unknown' });
  });

  it('charged while the app was "killed": the next attempt asks the processor and is paid once', async () => {
    mode = 'charge-then-hang';
    const patient = await registerPatient(t.app);
    const first = patient.client.post('/api/process-payment', goodPayment(payCard));
    let booked: BookedCharge | undefined;
    for (let i = 0; i < 200 && !booked; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const [row] = await paymentsOf(t.app, patient.patientId);
      booked = row && ledger.find((c) => c.invoiceNumber === row.id.replace(/-/g, '').slice(0, 20));
    }
    expect(booked).toBeDefined();
    mode = 'approve';
    const charges = received.length;
    expect(
      (await patient.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
    ).toBe(409);
    clock += RECONCILE_AFTER_MS + 1000;
    const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      alreadyPaid: true,
      payment: { status: 'succeeded', cardBrand: 'Visa', cardLast4: '1111' },
      queue: { status: 'waiting' },
    });
    expect(received.length).toBe(charges); // asked, never charged again
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row!.providerTransactionId).toBe(booked!.transId);
    // The held answer finally fails: the first request answers with what was recorded.
    for (const held of heldResponses()) held.destroy();
    const late = await first;
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().payment.id).toBe(row!.id);
    expect(await paymentsOf(t.app, patient.patientId)).toHaveLength(1);
  });
});

describe('a charge whose answer never comes back', () => {
  it('charged at the processor: the processor is asked at once and the payment is paid, once', async () => {
    const impatient = await createTestApp({ payments: gatewayFor({ timeoutMs: 300 }) });
    try {
      mode = 'charge-then-hang';
      const patient = await registerPatient(impatient.app);
      const res = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        payment: { status: 'succeeded', cardLast4: '1111' },
        queue: { status: 'waiting' },
      });
      const [row] = await paymentsOf(impatient.app, patient.patientId);
      expect(ledger.find((c) => c.transId === row!.providerTransactionId)).toBeDefined();

      mode = 'hang'; // never reached the books: failed, and a retry may pay
      const other = await registerPatient(impatient.app);
      const lost = await other.client.post('/api/process-payment', goodPayment(payCard));
      expect(lost.statusCode).toBe(502);
      expect((await paymentsOf(impatient.app, other.patientId)).map((p) => p.status)).toEqual([
        'error',
      ]);
      mode = 'approve';
      expect(
        (await other.client.post('/api/process-payment', goodPayment(payCard))).statusCode,
      ).toBe(200);
    } finally {
      for (const res of heldResponses()) res.destroy();
      await impatient.close();
    }
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
        authAmount: 137.0,
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
    const body = event('net.authorize.payment.refund.created', payment.providerTransactionId!);
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

  it('a signed void marks the payment voided (lower-case hex)', async () => {
    const payment = await paidTransaction();
    const body = event('net.authorize.payment.void.created', payment.providerTransactionId!);
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('voided');
  });

  it('a refund or void made at the processor unpays the application and takes the patient out of line', async () => {
    for (const [eventType, status] of [
      ['net.authorize.payment.refund.created', 'refunded'],
      ['net.authorize.payment.void.created', 'voided'],
    ] as const) {
      const patient = await registerPatient(t.app);
      const paid = await patient.client.post('/api/process-payment', goodPayment(payCard));
      expect(paid.statusCode).toBe(200);
      expect((await patient.client.get('/api/queue/status')).json()).toMatchObject({
        status: 'waiting',
      });
      const [payment] = await paymentsOf(t.app, patient.patientId);
      const body = event(eventType, payment!.providerTransactionId!);
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
    expect(await statusOf(payment.id)).toBe('succeeded');
    expect(await denials()).toBe(deniedBefore + attempts.length);
    // The body altered after signing is refused too.
    const tampered = body.replace('refund', 'void');
    expect((await post(tampered, sign(body))).statusCode).toBe(401);
    expect(await statusOf(payment.id)).toBe('succeeded');
  });

  it('a signed event of another kind is acknowledged and changes nothing', async () => {
    const payment = await paidTransaction();
    const body = event('net.authorize.payment.authcapture.created', payment.providerTransactionId!);
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('succeeded');
  });
});
