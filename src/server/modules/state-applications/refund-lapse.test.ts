import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, payments } from '../../db/schema/index.js';
import {
  type ApprovedPatient,
  approvedPatient,
  STATE_FEE_CENTS,
  stateApplicationRow,
} from '../../test/desk-patients.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { SmtpSink } from '../../test/smtp-sink.js';
import { runFeeUpkeep } from '../../upkeep.js';
import { GatewayError } from '../payments/gateway.js';
import { SETTLE_GRACE_MS } from '../payments/settle.js';
import { persistLapsed } from './lapse.js';

// Time and money on the desk (issue 22), with the server's injectable clock and the simulator
// gateway: a window about to pass is flagged on the console at 7 days left; a passed window
// reads `lapsed` at once and upkeep writes it; the state fee of an application not submitted
// comes back as a PARTIAL refund, the visit's service fee staying captured, crash-safe.

const BASE = '/api/admin/state-applications';
const DAY = 86_400_000;
let sink: SmtpSink;
let t: TestApp;
let clock = Date.now();

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({ poolSize: 5, now: () => clock, config: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t?.close();
  await sink.stop();
});

/** Sessions follow the clock too: each step signs in afresh. */
const as = async (role: 'doctor' | 'admin' | 'admin_assistant') =>
  (await signedInAs(t.app, role)).client;

const paymentOf = async (p: ApprovedPatient) =>
  (
    await t.app.ctx.db.select().from(payments).where(eq(payments.applicationId, p.applicationId))
  )[0]!;

const dueCount = async () =>
  (await (await as('admin_assistant')).get('/api/admin/console-counts')).json()
    .stateApplicationsDue;

describe('the 30-day window', () => {
  let patient: ApprovedPatient;

  it('is flagged on the console at 7 days left', async () => {
    patient = await approvedPatient(t, await as('doctor'));
    expect(await dueCount()).toBe(0);
    clock += 22 * DAY;
    expect(await dueCount()).toBe(0);
    clock += 1 * DAY;
    expect(await dueCount()).toBe(1);
    const row = (await (await as('admin_assistant')).get(BASE)).json().applications[0];
    expect(row).toMatchObject({ id: patient.stateApplicationId, status: 'preparing', daysLeft: 7 });
  });

  it('reads lapsed once passed, refuses the submission, and upkeep writes it', async () => {
    clock += 8 * DAY; // 31 days after the signature
    const desk = await as('admin_assistant');
    const row = (await desk.get(BASE)).json().applications[0];
    expect(row).toMatchObject({ id: patient.stateApplicationId, status: 'lapsed', daysLeft: -1 });
    const submit = await desk.post(`${BASE}/${patient.stateApplicationId}/submitted`, {
      ommaApplicationNumber: 'PAT-LATE',
      submittedOn: row.submitBy,
      stateFeeReference: 'LATE',
    });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toContain('window to submit this application has passed');
    // Still flagged while the state fee is held: it is to be refunded.
    expect(await dueCount()).toBe(1);
    expect((await stateApplicationRow(t, patient.stateApplicationId)).status).toBe('preparing');
    expect(await persistLapsed(t.app.ctx)).toBe(1);
    expect(await persistLapsed(t.app.ctx)).toBe(0);
    expect((await stateApplicationRow(t, patient.stateApplicationId)).status).toBe('lapsed');
    const actions = (await auditRows(t.app, { targetId: patient.stateApplicationId })).map(
      (r) => r.action,
    );
    expect(actions).toContain('state_application.lapsed');
  });

  it('refunds only the state fee of the lapsed application: the service fee stays captured', async () => {
    const id = patient.stateApplicationId;
    const before = await paymentOf(patient);
    // `documents` without `financial` may not refund (403), and nothing moves.
    const assistant = await as('admin_assistant');
    const refused = await assistant.post(`${BASE}/${id}/refund-state-fee`, { reason: 'Lapsed' });
    expect(refused.statusCode).toBe(403);
    const missing = await (await as('admin')).post(`${BASE}/${id}/refund-state-fee`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('reason');
    expect(await paymentOf(patient)).toEqual(before);

    const res = await (await as('admin')).post(`${BASE}/${id}/refund-state-fee`, {
      reason: 'Window passed before submission',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'lapsed',
      stateFee: { cents: STATE_FEE_CENTS, status: 'refunded' },
    });
    const after = await paymentOf(patient);
    expect(after).toMatchObject({
      status: 'captured',
      amountCents: before.amountCents,
      refundedCents: STATE_FEE_CENTS,
    });
    const [application] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, patient.applicationId));
    expect(application).toMatchObject({ status: 'approved', paymentStatus: 'captured' });
    const again = await (await as('admin')).post(`${BASE}/${id}/refund-state-fee`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect((await paymentOf(patient)).refundedCents).toBe(STATE_FEE_CENTS);
    // Refunded and lapsed: nothing left for the desk.
    expect(await dueCount()).toBe(0);
    await t.app.ctx.mail.deliverDue();
    const mails = sink
      .to(patient.email)
      .filter((m) => m.subject.includes('state fee is being refunded'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('$104.30');
    expect(mails[0]!.text).toContain("The clinic's service fee for your visit stays paid");
  });
});

describe('a refund the processor could not confirm', () => {
  it('stays decided (refunding), then upkeep finishes it once; a refusal undoes it', async () => {
    const patient = await approvedPatient(t, await as('doctor'));
    const id = patient.stateApplicationId;
    const gateway = t.app.ctx.payments;
    const realRefund = gateway.refund.bind(gateway);
    const asked: number[] = [];
    gateway.refund = async (request) => {
      asked.push(request.amountCents);
      throw new GatewayError('connection reset');
    };
    try {
      const res = await (await as('admin')).post(`${BASE}/${id}/refund-state-fee`, {
        reason: 'Patient moved out of state',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().stateFee.status).toBe('refunding');
      // Reserved on the payment, so the processor's webhook echo finds it recorded.
      expect(await paymentOf(patient)).toMatchObject({
        status: 'captured',
        refundedCents: STATE_FEE_CENTS,
      });
      // Refunding already decided: a second request is refused.
      const twice = await (await as('admin')).post(`${BASE}/${id}/refund-state-fee`, {
        reason: 'x',
      });
      expect(twice.statusCode).toBe(409);
    } finally {
      gateway.refund = realRefund;
    }
    expect(asked).toEqual([STATE_FEE_CENTS]);
    // Within the grace period upkeep leaves it to the request; after it, finishes it.
    await runFeeUpkeep(t.app.ctx);
    expect((await stateApplicationRow(t, id)).stateFeeStatus).toBe('refunding');
    clock += SETTLE_GRACE_MS + 1_000;
    await runFeeUpkeep(t.app.ctx);
    expect((await stateApplicationRow(t, id)).stateFeeStatus).toBe('refunded');
    expect(await paymentOf(patient)).toMatchObject({
      status: 'captured',
      refundedCents: STATE_FEE_CENTS,
    });

    // A processor that says no: nothing given back, the state fee held again.
    const other = await approvedPatient(t, await as('doctor'));
    gateway.refund = async () => ({ done: false, message: 'The transaction is voided.' });
    try {
      const res = await (await as('admin')).post(
        `${BASE}/${other.stateApplicationId}/refund-state-fee`,
        { reason: 'Patient moved out of state' },
      );
      expect(res.statusCode).toBe(502);
    } finally {
      gateway.refund = realRefund;
    }
    expect((await stateApplicationRow(t, other.stateApplicationId)).stateFeeStatus).toBe('held');
    expect((await paymentOf(other)).refundedCents).toBe(0);
    const actions = (await auditRows(t.app, { targetId: other.stateApplicationId })).map(
      (r) => r.action,
    );
    expect(actions).toContain('state_application.state_fee_refund_refused');
  });
});
