import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISPENSARY_STATEMENT } from '../../../shared/queue.js';
import { payments, simulatorCharges } from '../../db/schema/index.js';
import { auditRows, goodPayment } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  intakeReadyPatient,
  paymentsOf,
  queueEntriesOf,
  registerPatient,
  type TestPatient,
} from '../../test/patients.js';
import type {
  ChargeRequest,
  ChargeResult,
  LookupResult,
  PaymentGateway,
  RefundRequest,
} from './gateway.js';
import { RECONCILE_AFTER_MS, reconcileStalePayments } from './reconcile.js';
import { databaseLedger, SimulatorGateway } from './simulator.js';

// A process killed mid-charge leaves its payment pending (issue 10, defect 3). These tests
// make that state the way a crash does: the simulator books the charge in its ledger, then
// the answer never comes back. The clock is injected; nothing waits for real time.

/** The simulator with its database ledger; `crash` keeps the next charge from ever answering. */
class CrashingGateway implements PaymentGateway {
  readonly name = 'simulator' as const;
  inner!: SimulatorGateway;
  charges = 0;
  crash: 'after-charge' | 'before-charge' | null = null;
  unreachable = false;
  private release: Array<() => void> = [];
  async authorize(request: ChargeRequest): Promise<ChargeResult> {
    this.charges++;
    const crash = this.crash;
    this.crash = null;
    if (crash === 'after-charge') await this.inner.authorize(request);
    if (crash) {
      // The process "dies" here: no answer reaches the app until the test ends.
      await new Promise<void>((resolve) => this.release.push(resolve));
      throw new Error('process killed');
    }
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
  async lookup(reference: string): Promise<LookupResult> {
    if (this.unreachable) return { status: 'unknown' };
    return this.inner.lookup(reference);
  }
  refundedCharge(id: string) {
    return this.inner.refundedCharge(id);
  }
  verifyWebhook() {
    return false;
  }
  releaseAll() {
    for (const r of this.release.splice(0)) r();
  }
}

const gateway = new CrashingGateway();
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ payments: gateway, now: () => clock, poolSize: 4 });
  gateway.inner = new SimulatorGateway(databaseLedger(t.app.ctx.db));
});
afterAll(async () => {
  gateway.releaseAll();
  await t.close();
});
beforeEach(() => {
  clock = Date.now();
  gateway.unreachable = false;
});

const pay = (patient: TestPatient, overrides: Record<string, unknown> = {}) =>
  patient.client.post('/api/process-payment', goodPayment(overrides));

/** Starts a payment whose process "dies" mid-charge; resolves once the payment is pending. */
async function crashMidCharge(
  patient: TestPatient,
  when: 'after-charge' | 'before-charge',
  overrides: Record<string, unknown> = {},
) {
  // The clock starts from the crash, not the test: registering (and the intake's uploads) take
  // real time on a loaded machine, which must not eat into the staleness margin.
  clock = Math.max(clock, Date.now());
  gateway.crash = when;
  void pay(patient, overrides).catch(() => {});
  for (let i = 0; i < 200; i++) {
    const [row] = await paymentsOf(t.app, patient.patientId);
    const booked =
      when === 'before-charge' ||
      (row &&
        (
          await t.app.ctx.db
            .select()
            .from(simulatorCharges)
            .where(eq(simulatorCharges.reference, row.id))
        ).length > 0);
    if (row?.status === 'pending' && booked) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the payment never became pending');
}

describe('a payment left pending by a crash', () => {
  it('charged before the crash: the next attempt finds it paid and queues the patient, no second charge', async () => {
    const patient = await intakeReadyPatient(t.app);
    const pending = await crashMidCharge(patient, 'after-charge');

    // Still young: it may be in flight on another node, so it is left alone.
    const early = await pay(patient);
    expect(early.statusCode).toBe(409);

    clock = Date.now() + RECONCILE_AFTER_MS + 1000; // stale however long the setup took
    const charges = gateway.charges;
    const res = await pay(patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      alreadyPaid: true,
      payment: { id: pending.id, status: 'authorized', cardLast4: '4242' },
      application: { paymentStatus: 'authorized', status: 'payment_completed' },
      queue: { status: 'waiting' },
    });
    expect(gateway.charges).toBe(charges);
    const [row] = await paymentsOf(t.app, patient.patientId);
    expect(row).toMatchObject({
      status: 'authorized',
      providerTransactionId: expect.stringMatching(/^sim_/),
    });
    expect((await queueEntriesOf(t.app, patient.patientId)).map((e) => e.status)).toEqual([
      'waiting',
    ]);
    const audit = (await auditRows(t.app, { targetId: pending.id })).find(
      (r) => r.action === 'payment.authorized',
    );
    expect(audit).toMatchObject({ details: { via: 'reconciliation' }, actorId: null });
    expect((await patient.client.get('/api/queue/status')).json()).toMatchObject({
      status: 'waiting',
    });
  });

  it('killed before the processor saw it: marked failed, and the same attempt charges anew', async () => {
    const patient = await registerPatient(t.app);
    const pending = await crashMidCharge(patient, 'before-charge');
    clock = Date.now() + RECONCILE_AFTER_MS + 1000; // stale however long the setup took
    const res = await pay(patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.id).not.toBe(pending.id);
    const rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.find((r) => r.id === pending.id)?.status).toBe('error');
    expect(rows.filter((r) => r.status === 'authorized')).toHaveLength(1);
  });

  it('declined before the crash: recorded as declined, and a good card then pays', async () => {
    const patient = await registerPatient(t.app);
    const pending = await crashMidCharge(patient, 'after-charge', {
      cardNumber: '4000 0000 0000 0002',
    });
    clock = Date.now() + RECONCILE_AFTER_MS + 1000; // stale however long the setup took
    const res = await pay(patient);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await paymentsOf(t.app, patient.patientId);
    expect(rows.find((r) => r.id === pending.id)).toMatchObject({
      status: 'declined',
      failureMessage: 'This transaction has been declined.',
    });
  });

  it('while the processor cannot be asked, it stays pending; once it answers, it resolves', async () => {
    const patient = await registerPatient(t.app);
    const pending = await crashMidCharge(patient, 'after-charge');
    clock = Date.now() + RECONCILE_AFTER_MS + 1000; // stale however long the setup took
    gateway.unreachable = true;
    expect((await pay(patient)).statusCode).toBe(409);
    expect((await paymentsOf(t.app, patient.patientId))[0]!.status).toBe('pending');
    gateway.unreachable = false;
    const res = await pay(patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.id).toBe(pending.id);
  });
});

describe('reconciliation at start', () => {
  it('resolves every stale pending payment, whoever it belongs to, and leaves young ones', async () => {
    const paid = await registerPatient(t.app);
    const lost = await registerPatient(t.app);
    const young = await registerPatient(t.app);
    const paidPending = await crashMidCharge(paid, 'after-charge');
    const lostPending = await crashMidCharge(lost, 'before-charge');
    clock = Date.now() + RECONCILE_AFTER_MS + 1000; // stale however long the setup took
    // A payment made "now" on the shifted clock is not stale yet.
    const youngPending = await crashMidCharge(young, 'after-charge');
    await t.app.ctx.db
      .update(payments)
      .set({ createdAt: new Date(clock) })
      .where(eq(payments.id, youngPending.id));

    await reconcileStalePayments(t.app.ctx);
    const statusOf = async (id: string) =>
      (await t.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;
    expect(await statusOf(paidPending.id)).toBe('authorized');
    expect(await statusOf(lostPending.id)).toBe('error');
    expect(await statusOf(youngPending.id)).toBe('pending');
    expect((await applicationsOf(t.app, paid.patientId))[0]!.paymentStatus).toBe('authorized');
    // Paid, but the intake is not complete: nobody is queued (the queue step says what is missing).
    expect(await queueEntriesOf(t.app, paid.patientId)).toEqual([]);
    expect((await applicationsOf(t.app, lost.patientId))[0]!.paymentStatus).toBe('unpaid');
    expect(await queueEntriesOf(t.app, lost.patientId)).toEqual([]);
  });
});

// Issue 21, item 6: the statement is stored with the pending payment, so reconciliation after a
// crash finishes the work the live request would have done (ADR 0011, amended).
describe('reconciliation finishes the live request', () => {
  it('queues a patient whose intake is complete and who made the statement with that payment', async () => {
    const patient = await intakeReadyPatient(t.app);
    const pending = await crashMidCharge(patient, 'after-charge');
    expect(pending.notAtDispensaryAt).toBeInstanceOf(Date);
    clock = Date.now() + RECONCILE_AFTER_MS + 1000;

    await reconcileStalePayments(t.app.ctx);
    expect((await paymentsOf(t.app, patient.patientId))[0]!.status).toBe('authorized');
    expect((await applicationsOf(t.app, patient.patientId))[0]).toMatchObject({
      paymentStatus: 'authorized',
      status: 'payment_completed',
    });
    const entries = await queueEntriesOf(t.app, patient.patientId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 'waiting',
      dispensaryStatement: DISPENSARY_STATEMENT,
      // Made when the patient paid, not when reconciliation ran.
      dispensaryStatementAt: pending.notAtDispensaryAt,
    });
    const joined = (await auditRows(t.app, { targetId: entries[0]!.id })).find(
      (r) => r.action === 'queue.join',
    );
    expect(joined).toMatchObject({ actorId: null, outcome: 'success' });
    expect((await patient.client.get('/api/queue/status')).json()).toMatchObject({
      status: 'waiting',
    });
  });

  it('queues nobody when the statement did not come with that payment', async () => {
    const patient = await intakeReadyPatient(t.app);
    const pending = await crashMidCharge(patient, 'after-charge', { notAtDispensary: false });
    expect(pending.notAtDispensaryAt).toBeNull();
    clock = Date.now() + RECONCILE_AFTER_MS + 1000;

    await reconcileStalePayments(t.app.ctx);
    expect((await paymentsOf(t.app, patient.patientId))[0]!.status).toBe('authorized');
    expect(await queueEntriesOf(t.app, patient.patientId)).toEqual([]);
  });
});
