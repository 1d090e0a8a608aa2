import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersIn, containsCard, dumpDatabase, stringsOf } from '../../test/card-scan.js';
import { centerUpload, pdfBytes } from '../../test/files.js';
import { auditRows, goodPayment } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  intakeReadyPatient,
  paymentsOf,
  queueEntriesOf,
  registerPatient,
  type TestPatient,
} from '../../test/patients.js';
import type { ChargeRequest, ChargeResult, PaymentGateway, RefundRequest } from './gateway.js';
import { SimulatorGateway } from './simulator.js';

// POST /api/process-payment (patient-side.md §5 Payment checks; rulings 4, 5, 14, 15, 19).
// The app runs the simulator behind a gateway that counts charges and can hold one open, and
// writes its log (at trace level) where the last test reads it for card numbers.

/** The simulator, counted; `hold` keeps a charge waiting until the test releases it. */
class CountingGateway implements PaymentGateway {
  readonly name = 'simulator' as const;
  readonly charges: ChargeRequest[] = [];
  hold: Promise<void> | null = null;
  private readonly inner = new SimulatorGateway();
  async authorize(request: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(request);
    if (this.hold) await this.hold;
    return this.inner.authorize(request);
  }
  capture(id: string, cents: number) {
    return this.inner.capture(id, cents);
  }
  void(id: string) {
    return this.inner.void(id);
  }
  refund(request: RefundRequest) {
    return this.inner.refund(request);
  }
  lookup(reference: string) {
    return this.inner.lookup(reference);
  }
  refundedCharge(id: string) {
    return this.inner.refundedCharge(id);
  }
  verifyWebhook(rawBody: string, header: string | undefined) {
    return this.inner.verifyWebhook(rawBody, header);
  }
}

/** Every card number these tests send, to look for afterwards. */
const CARDS = {
  good: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  luhnInvalid: '4242 4242 4242 4241',
  mastercard: '5555-5555-5555-4444',
};

const gateway = new CountingGateway();
const log: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    payments: gateway,
    // Several connections, so concurrent requests really run side by side on PostgreSQL.
    poolSize: 5,
    config: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void log.push(line) },
  });
});
afterAll(() => t.close());

const pay = (patient: TestPatient, overrides: Record<string, unknown> = {}, key?: string) =>
  patient.client.request({
    method: 'POST',
    url: '/api/process-payment',
    payload: goodPayment(overrides),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** Nothing charged, no payment, no application paid, not in the queue. */
async function expectNothingCharged(patient: TestPatient, chargesBefore: number) {
  expect(gateway.charges.length).toBe(chargesBefore);
  expect(await paymentsOf(t.app, patient.patientId)).toEqual([]);
  for (const app of await applicationsOf(t.app, patient.patientId))
    expect(app.paymentStatus).toBe('unpaid');
  expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
}

describe('a good payment', () => {
  it('pays the application and, the intake complete and the statement made, joins the queue', async () => {
    // Paying before the intake queues nobody: queue/intake-gate.test.ts (issue 11).
    const patient = await intakeReadyPatient(t.app);
    const res = await pay(patient);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.application).toMatchObject({
      paymentStatus: 'authorized',
      status: 'payment_completed',
      amount: '137.30',
      type: 'new',
      hasReducedFee: false,
      reducedFeeReason: null,
      paymentId: body.payment.id,
    });
    expect(body.payment).toMatchObject({
      status: 'authorized',
      amount: '137.30',
      cardBrand: 'Visa',
      cardLast4: '4242',
    });
    expect(body.queue).toMatchObject({ status: 'waiting', position: expect.any(Number) });
    expect(gateway.charges.at(-1)).toMatchObject({
      amountCents: 13_730,
      reference: body.payment.id,
    });

    const status = await patient.client.get('/api/queue/status');
    expect(status.json()).toMatchObject({ status: 'waiting', applicationId: body.application.id });
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row).toMatchObject({
      status: 'authorized',
      amountCents: 13_730,
      cardLast4: '4242',
      paymentMethod: 'credit',
      provider: 'simulator',
    });
    const actions = (await auditRows(t.app, { actorId: patient.userId })).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.authorized', 'queue.join']));
  });

  it('charges nothing more once paid: the answer is the payment already made', async () => {
    const patient = await registerPatient(t.app);
    const first = await pay(patient);
    expect(first.statusCode).toBe(200);
    const charges = gateway.charges.length;
    const again = await pay(patient, { cardNumber: CARDS.mastercard });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      alreadyPaid: true,
      payment: { id: first.json().payment.id, cardLast4: '4242' },
      application: { id: first.json().application.id },
    });
    expect(gateway.charges.length).toBe(charges);
    expect(await paymentsOf(t.app, patient.patientId)).toHaveLength(1);
  });
});

describe('the checks, in the spec order', () => {
  // Each row fails its own check and every later one; the answer names the first.
  const cases: { name: string; message: string; body: Record<string, unknown> }[] = [
    {
      name: 'reduced fee with a reason but no proof on file',
      message: 'Please upload proof of eligibility for reduced fee.',
      body: {
        hasReducedFee: true,
        reducedFeeReason: 'medicare',
        amount: '32.50',
        paymentMethod: '',
        cardNumber: '',
        expiryDate: '',
        cvv: '',
        billingName: '',
        consent: false,
      },
    },
    {
      name: 'no payment method',
      message: 'Payment Method Required',
      body: {
        paymentMethod: undefined,
        cardNumber: '4242',
        expiryDate: '1/2',
        cvv: '1',
        billingName: ' ',
        hasReducedFee: true,
        reducedFeeReason: '',
        consent: false,
      },
    },
    {
      name: 'no card number',
      message: 'Invalid Card Number',
      body: {
        cardNumber: undefined,
        expiryDate: '12-39',
        cvv: '',
        billingName: '',
        consent: false,
      },
    },
    {
      name: 'a card number shorter than 13 digits',
      message: 'Invalid Card Number',
      body: { cardNumber: '4242 4242 424', expiryDate: '', cvv: 'abc' },
    },
    {
      name: 'an expiry that is not MM/YY',
      message: 'Invalid Expiry Date',
      body: { expiryDate: '1239', cvv: '12', billingName: '' },
    },
    {
      name: 'an expiry in the past',
      message: 'Invalid Expiry Date',
      body: { expiryDate: '01/20', cvv: '12345', consent: false },
    },
    {
      name: 'a CVV of two digits',
      message: 'Invalid CVV (3 or 4 digits)',
      body: { cvv: '12', billingName: '   ', hasReducedFee: true, reducedFeeReason: null },
    },
    {
      name: 'no CVV',
      message: 'Invalid CVV (3 or 4 digits)',
      body: { cvv: undefined, billingName: '' },
    },
    {
      name: 'a blank billing name',
      message: 'Billing Name Required',
      body: { billingName: '   ', hasReducedFee: true, reducedFeeReason: '', consent: false },
    },
    {
      name: 'reduced fee without a reason',
      message: 'Reduced Fee Reason Required',
      body: { hasReducedFee: true, reducedFeeReason: '', amount: '32.50', consent: false },
    },
    {
      name: 'no consent',
      message: 'Please agree to the telehealth consent to continue.',
      body: { consent: false },
    },
  ];

  it.each(cases)('$name → 400 "$message", nothing charged', async ({ message, body }) => {
    const patient = await registerPatient(t.app);
    const charges = gateway.charges.length;
    const res = await pay(patient, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    await expectNothingCharged(patient, charges);
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
  });

  it('needs an Oklahoma address on file', async () => {
    const patient = await registerPatient(t.app, { state: 'TX', city: 'Dallas', zipCode: '75201' });
    const charges = gateway.charges.length;
    const res = await pay(patient);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Oklahoma residency is required for an Oklahoma license');
    await expectNothingCharged(patient, charges);
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);
  });
});

describe('the amount', () => {
  it('is computed by the server: a tampered amount is refused and nothing is paid', async () => {
    const patient = await registerPatient(t.app);
    const created = await patient.client.post('/api/applications', { type: 'new' });
    expect(created.statusCode).toBe(201);
    const charges = gateway.charges.length;

    for (const amount of ['1.00', '0', '136.99', '32.50']) {
      const res = await pay(patient, { amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().message).toBe('The amount does not match the fee schedule ($137.30)');
    }
    await expectNothingCharged(patient, charges);
    const [app] = await applicationsOf(t.app, patient.patientId);
    expect(app).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', amountCents: 13_730 });

    // "137.3" is the same amount as "137.30".
    const res = await pay(patient, { amount: '137.3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application.id).toBe(app!.id);
    expect(gateway.charges.at(-1)!.amountCents).toBe(13_730);
  });
});

describe('declined cards', () => {
  it('a decline answers 402 with the processor message; then a good card pays', async () => {
    const patient = await registerPatient(t.app);

    const declined = await pay(patient, { cardNumber: CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      message: 'This transaction has been declined.',
      code: 'PAYMENT_DECLINED',
    });
    let [app] = await applicationsOf(t.app, patient.patientId);
    expect(app).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
    expect((await patient.client.get('/api/queue/status')).json()).toBeNull();
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);

    const invalid = await pay(patient, { cardNumber: CARDS.luhnInvalid });
    expect(invalid.statusCode).toBe(402);
    expect(invalid.json().message).toBe('The credit card number is invalid.');

    let rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.map((r) => r.status)).toEqual(['declined', 'declined']);
    expect(rows.every((r) => r.cardLast4 === null && r.applicationId === app!.id)).toBe(true);
    [app] = await applicationsOf(t.app, patient.patientId);
    expect(app!.paymentStatus).toBe('unpaid');

    const good = await pay(patient);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().application).toMatchObject({ id: app!.id, paymentStatus: 'authorized' });
    rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.map((r) => r.status).sort()).toEqual(['authorized', 'declined', 'declined']);
    const audits = (await auditRows(t.app, { actorId: patient.userId })).map((r) => r.action);
    expect(audits.filter((a) => a === 'payment.declined')).toHaveLength(2);
    expect(audits.filter((a) => a === 'payment.authorized')).toHaveLength(1);
  });
});

describe('double submit', () => {
  it('two payments at once charge once: the second is refused while the first is charging', async () => {
    const patient = await intakeReadyPatient(t.app);
    const charges = gateway.charges.length;
    let release!: () => void;
    gateway.hold = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const a = pay(patient);
      const b = pay(patient);
      // The first charge is held open; the other request must be answered meanwhile, which
      // proves the two were in the server at the same time.
      const first = await Promise.race([a, b]);
      expect(first.statusCode, first.body).toBe(409);
      expect(first.json().message).toBe(
        'A payment for this application is already being processed',
      );
      expect(gateway.charges.length).toBe(charges + 1);
      release();
      const [ra, rb] = await Promise.all([a, b]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    } finally {
      release();
      gateway.hold = null;
    }
    const rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.map((r) => r.status)).toEqual(['authorized']);
    expect(await queueEntriesOf(t.app, patient.patientId)).toHaveLength(1);
  });

  it('two payments sent together, untimed, still make exactly one charge', async () => {
    const patient = await intakeReadyPatient(t.app);
    const charges = gateway.charges.length;
    const logStart = log.length;
    const results = await Promise.all([pay(patient), pay(patient), pay(patient)]);
    // No request failed on the way (a deadlock between them once left a charge unrecorded).
    const errors = log.slice(logStart).filter((line) => JSON.parse(line).level >= 50);
    expect(errors).toEqual([]);
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.statusCode, r.body).toBe(409);
    // Every 200 names the same, single payment (the others being the already-paid answer).
    expect(new Set(ok.map((r) => r.json().payment.id)).size).toBe(1);
    expect(gateway.charges.length).toBe(charges + 1);
    const rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.map((r) => r.status)).toEqual(['authorized']);
    const apps = await applicationsOf(t.app, patient.patientId);
    expect(apps.map((a) => a.paymentStatus)).toEqual(['authorized']);
    expect(await queueEntriesOf(t.app, patient.patientId)).toHaveLength(1);
  });

  it('the same Idempotency-Key twice answers like the first and charges once', async () => {
    const patient = await registerPatient(t.app);
    const charges = gateway.charges.length;
    const first = await pay(patient, {}, 'checkout-1');
    expect(first.statusCode).toBe(200);
    const second = await pay(patient, {}, 'checkout-1');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(gateway.charges.length).toBe(charges + 1);
    expect(await paymentsOf(t.app, patient.patientId)).toHaveLength(1);
  });

  it('a key whose attempt was declined answers the decline again without charging', async () => {
    const patient = await registerPatient(t.app);
    const declined = await pay(patient, { cardNumber: CARDS.declined }, 'checkout-2');
    expect(declined.statusCode).toBe(402);
    const charges = gateway.charges.length;
    const again = await pay(patient, {}, 'checkout-2');
    expect(again.statusCode).toBe(402);
    expect(again.json().message).toBe('This transaction has been declined.');
    expect(gateway.charges.length).toBe(charges);
    // A fresh attempt (a new key) pays.
    const fresh = await pay(patient, {}, 'checkout-3');
    expect(fresh.statusCode).toBe(200);
    const statuses = (await paymentsOf(t.app, patient.patientId)).map((r) => r.status).sort();
    expect(statuses).toEqual(['authorized', 'declined']);
  });
});

describe('reduced fee', () => {
  it('is refused without proof, and charges 30.00 once the proof is uploaded', async () => {
    const patient = await registerPatient(t.app);
    const reduced = { hasReducedFee: true, reducedFeeReason: 'veteran', amount: '32.50' };
    const refused = await pay(patient, reduced);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please upload proof of eligibility for reduced fee.');
    expect(await applicationsOf(t.app, patient.patientId)).toEqual([]);

    // The proof creates the open application, unpaid (ruling 15).
    const proof = await centerUpload(
      patient.client,
      { bytes: pdfBytes('VA rating letter: 100%'), name: 'va-letter.pdf' },
      { category: 'reduced_fee_proof' },
    );
    expect(proof.statusCode, proof.body).toBe(201);
    const [open] = await applicationsOf(t.app, patient.patientId);
    expect(open).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
    expect(proof.json()).toMatchObject({ category: 'reduced_fee_proof', applicationId: open!.id });

    // The full price is not what the reduced fee costs.
    const wrong = await pay(patient, { ...reduced, amount: '137.30' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The amount does not match the fee schedule ($32.50)');

    const res = await pay(patient, reduced);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({
      id: open!.id,
      amount: '32.50',
      paymentStatus: 'authorized',
      hasReducedFee: true,
      reducedFeeReason: 'disabled_veteran',
    });
    expect(gateway.charges.at(-1)!.amountCents).toBe(3_250);
    const [app] = await applicationsOf(t.app, patient.patientId);
    expect(app).toMatchObject({
      amountCents: 3_250,
      hasReducedFee: true,
      reducedFeeReason: 'disabled_veteran',
    });
    const [payment] = await paymentsOf(t.app, patient.patientId);
    expect(payment).toMatchObject({ amountCents: 3_250, status: 'authorized' });
  });

  it('an unknown reason is refused', async () => {
    const patient = await registerPatient(t.app);
    const res = await pay(patient, { hasReducedFee: true, reducedFeeReason: 'student' });
    expect(res.statusCode).toBe(400);
    expect(await paymentsOf(t.app, patient.patientId)).toEqual([]);
  });
});

describe('card data', () => {
  it('a Mastercard pays and only its brand and last four are kept', async () => {
    const patient = await registerPatient(t.app);
    const res = await pay(patient, { cardNumber: CARDS.mastercard, cvv: '9876' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ cardBrand: 'Mastercard', cardLast4: '4444' });
  });

  it('is never stored in the database nor written to the log (run after the tests above)', async () => {
    // The tests above sent every card in CARDS; make sure they did reach the server.
    const sent = gateway.charges.map((c) => c.cardNumber);
    for (const card of Object.values(CARDS)) expect(sent).toContain(card);
    expect(log.length).toBeGreaterThan(50);

    // The scanner finds a card number where one is.
    expect(cardNumbersIn(stringsOf([{ note: 'paid with 4000 0000 0000 0002.' }]).join())).toEqual([
      '4000 0000 0000 0002',
    ]);

    const dump = await dumpDatabase(t.app.ctx.db);
    expect(dump['public.payments']!.length).toBeGreaterThan(10);
    const dumpText = JSON.stringify(dump);
    expect(cardNumbersIn(stringsOf(dump).join('\n'))).toEqual([]);
    for (const card of Object.values(CARDS)) expect(containsCard(dumpText, card), card).toBe(false);
    // Column names, not values: ciphertext is random base64 and may spell "cvv" by chance.
    const columns = Object.values(dump).flatMap((rows) =>
      rows.flatMap((row) => Object.keys(row as object)),
    );
    expect(columns).toContain('card_last4');
    expect(columns.filter((c) => /cvv|card_?code|card_?number/i.test(c))).toEqual([]);

    const entries = log.map((line) => JSON.parse(line) as unknown);
    const logText = log.join('');
    expect(logText).toContain('/api/process-payment'); // the log covers the payment requests
    expect(cardNumbersIn(stringsOf(entries).join('\n'))).toEqual([]);
    for (const card of Object.values(CARDS)) expect(containsCard(logText, card), card).toBe(false);
    expect(logText).not.toMatch(/"cvv"|cardNumber|expiryDate/);
  });
});

describe('who may pay', () => {
  it('a signed-out visitor is refused before anything is read', async () => {
    const res = await new Client(t.app).post('/api/process-payment', goodPayment());
    expect(res.statusCode).toBe(401);
  });
});
