import { and, asc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { AUTHORIZATION_HOLD_DAYS } from '../../../shared/payment-status.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { applications, type PaymentRow, payments, queueEntries } from '../../db/schema/index.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { queuePaymentCaptured } from '../mail/visit-events.js';
import { type FollowUpResult, GatewayError } from './gateway.js';
import { lockPatient } from './lock.js';
import { reversePayment, unpay } from './reversal.js';

// What becomes of a held fee (issue 11, ADR 0010). A decision (approval, denial, removal from
// the line, a hold that lapsed) writes, in its own transaction, the payment's pending action
// and the application's side; the processor is asked afterwards, outside any transaction, and
// its answer recorded. A crash between the two leaves the pending action, which upkeep (and
// the patient's next payment attempt) finishes: the processor's "already done" answer makes a
// retry safe, and only a payment still held moves, so nothing is taken twice or lost.

export type PendingAction = 'capture' | 'void' | 'refund';
type Actor = { id: string; role: string } | null;

/** Payments the clinic holds or took the fee with. */
const LIVE = ['authorized', 'captured'];
/** Made by the development bypass (ruling 10): no processor behind them. */
const BYPASS = 'development_bypass';
/** Upkeep leaves a just-decided action to the request that decided it for this long. */
export const SETTLE_GRACE_MS = 60_000;

/**
 * Inside a decision's transaction: marks the application's live payment to be captured
 * (approval) or released (void a hold, refund a captured charge). Returns what was marked
 * (null when the application has no live payment) and the application's paymentStatus the
 * release leads to, for the caller to write with its decision.
 */
export async function requestSettlement(
  tx: Executor,
  args: { applicationId: string; patientId: string; intent: 'capture' | 'release'; now: Date },
): Promise<{ payment: PaymentRow; releasedAs: 'voided' | 'refunded' | null } | null> {
  await lockPatient(tx, args.patientId);
  const [live] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, args.applicationId), inArray(payments.status, LIVE)))
    .limit(1);
  if (!live) return null;
  const action: PendingAction | null =
    args.intent === 'capture'
      ? live.status === 'authorized'
        ? 'capture'
        : null
      : live.status === 'authorized'
        ? 'void'
        : 'refund';
  if (!action) return { payment: live, releasedAs: null };
  const [marked] = await tx
    .update(payments)
    .set({ pendingAction: action, pendingActionAt: args.now })
    .where(eq(payments.id, live.id))
    .returning();
  return {
    payment: marked!,
    releasedAs: action === 'void' ? 'voided' : action === 'refund' ? 'refunded' : null,
  };
}

export type Settled = 'done' | 'refused' | 'unknown' | 'none';

/**
 * Outside any transaction: carries out the payment's pending action at the processor and
 * records the answer. `unknown`: the processor could not be asked; the action stays pending.
 */
export async function settlePayment(
  ctx: AppContext,
  paymentId: string,
  who: { actor: Actor; ip: string | null } = { actor: null, ip: null },
): Promise<Settled> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.pendingAction || !LIVE.includes(payment.status)) return 'none';
  const txId = payment.providerTransactionId;
  try {
    switch (payment.pendingAction) {
      case 'capture': {
        const answer = await ask(payment, () => ctx.payments.capture(txId!, payment.amountCents));
        if (answer.done) await recordCaptured(ctx, payment, who);
        else await recordRefused(ctx, payment, answer.message, who, 'capture');
        ctx.metrics.paymentOutcome(answer.done ? 'captured' : 'refused');
        return answer.done ? 'done' : 'refused';
      }
      case 'void': {
        // A refused void leaves nothing held (an expired or already released hold): the
        // payment is recorded voided all the same, with the processor's words in the audit.
        const answer = await ask(payment, () => ctx.payments.void(txId!));
        await reverse(ctx, payment, 'voided', who, answer);
        ctx.metrics.paymentOutcome('voided');
        return answer.done ? 'done' : 'refused';
      }
      default: {
        // A capture not yet settled is voided; a settled one refunded.
        const voided = await ask(payment, () => ctx.payments.void(txId!));
        if (voided.done) {
          await reverse(ctx, payment, 'voided', who, voided);
          ctx.metrics.paymentOutcome('voided');
          return 'done';
        }
        const refunded = await ask(payment, () =>
          ctx.payments.refund({
            transactionId: txId!,
            // What is left: a state fee refunded already (issue 22) is not given back twice.
            amountCents: payment.amountCents - payment.refundedCents,
            last4: payment.cardLast4 ?? '',
          }),
        );
        if (refunded.done) await reverse(ctx, payment, 'refunded', who, refunded);
        else await recordRefused(ctx, payment, refunded.message, who, 'refund');
        ctx.metrics.paymentOutcome(refunded.done ? 'refunded' : 'refused');
        return refunded.done ? 'done' : 'refused';
      }
    }
  } catch (err) {
    if (err instanceof GatewayError) return 'unknown';
    throw err;
  }
}

/** A bypass payment has no processor: its action is done by recording it. */
function ask(payment: PaymentRow, call: () => Promise<FollowUpResult>): Promise<FollowUpResult> {
  if (payment.provider === BYPASS || !payment.providerTransactionId)
    return Promise.resolve({ done: true, transactionId: payment.providerTransactionId ?? '' });
  return call();
}

async function reverse(
  ctx: AppContext,
  payment: PaymentRow,
  kind: 'voided' | 'refunded',
  who: { actor: Actor; ip: string | null },
  answer: FollowUpResult,
) {
  if (payment.providerTransactionId)
    await reversePayment(ctx, {
      transactionId: payment.providerTransactionId,
      kind,
      actor: who.actor,
      ip: who.ip,
      via: 'clinic',
    });
  else {
    // The bypass's: no processor and no webhook, so recorded here.
    const [done] = await ctx.db
      .update(payments)
      .set({ status: kind, pendingAction: null })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, LIVE)))
      .returning({ id: payments.id });
    if (done)
      await audit(ctx.db, {
        actor: who.actor,
        action: `payment.${kind}`,
        targetType: 'payment',
        targetId: payment.id,
        ip: who.ip,
        patientIds: await patientUserIds(ctx.db, { profileIds: [payment.patientId] }),
        details: { via: 'clinic' },
      });
  }
  if (!answer.done)
    await audit(ctx.db, {
      actor: who.actor,
      action: `payment.${kind}`,
      targetType: 'payment',
      targetId: payment.id,
      ip: who.ip,
      patientIds: await patientUserIds(ctx.db, { profileIds: [payment.patientId] }),
      outcome: 'failure',
      details: { processor: answer.message.slice(0, 200) },
    });
}

async function recordCaptured(
  ctx: AppContext,
  payment: PaymentRow,
  who: { actor: Actor; ip: string | null },
) {
  await ctx.db.transaction(async (tx) => {
    const now = new Date(ctx.now());
    const [done] = await tx
      .update(payments)
      .set({ status: 'captured', capturedAt: now, pendingAction: null })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'authorized')))
      .returning({ id: payments.id });
    if (!done) return; // recorded meanwhile by the other settler
    await tx
      .update(applications)
      .set({ paymentStatus: 'captured', updatedAt: now })
      .where(eq(applications.id, payment.applicationId));
    await queuePaymentCaptured(ctx, tx, payment, now);
    await audit(tx, {
      actor: who.actor,
      action: 'payment.captured',
      targetType: 'payment',
      targetId: payment.id,
      ip: who.ip,
      patientIds: await patientUserIds(tx, { profileIds: [payment.patientId] }),
      details: { amountCents: payment.amountCents },
    });
  });
}

/**
 * The processor refused the follow-up: nothing moves at the processor, the payment's action is
 * cleared with the processor's words, the application says what stands, and staff see the
 * refusal in the audit log. A refused capture (the hold expired or was released there) leaves
 * the approval standing with nothing taken ('voided'); a refused refund leaves the charge
 * taken ('captured').
 */
async function recordRefused(
  ctx: AppContext,
  payment: PaymentRow,
  message: string,
  who: { actor: Actor; ip: string | null },
  refused: 'capture' | 'refund',
) {
  const capture = refused === 'capture';
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(payments)
      .set({
        ...(capture ? { status: 'voided' } : {}),
        pendingAction: null,
        failureMessage: message.slice(0, 500),
      })
      .where(
        and(
          eq(payments.id, payment.id),
          capture ? eq(payments.status, 'authorized') : eq(payments.pendingAction, 'refund'),
        ),
      )
      .returning({ id: payments.id });
    if (!done) return;
    await tx
      .update(applications)
      .set({ paymentStatus: capture ? 'voided' : 'captured', updatedAt: new Date(ctx.now()) })
      .where(eq(applications.id, payment.applicationId));
    await audit(tx, {
      actor: who.actor,
      action: `payment.${refused}_refused`,
      targetType: 'payment',
      targetId: payment.id,
      ip: who.ip,
      patientIds: await patientUserIds(tx, { profileIds: [payment.patientId] }),
      outcome: 'failure',
    });
  });
}

/**
 * Finishes every pending action: for one patient at once (before a new payment), or for all
 * whose decision is older than SETTLE_GRACE_MS (upkeep, after a crash or an unreachable
 * processor).
 */
export async function settleOutstanding(
  ctx: AppContext,
  opts: { patientId?: string } = {},
): Promise<Settled[]> {
  const rows = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNotNull(payments.pendingAction),
        inArray(payments.status, LIVE),
        opts.patientId
          ? eq(payments.patientId, opts.patientId)
          : lt(payments.pendingActionAt, new Date(ctx.now() - SETTLE_GRACE_MS)),
      ),
    )
    .orderBy(asc(payments.pendingActionAt))
    .limit(opts.patientId ? 10 : 200);
  const results: Settled[] = [];
  for (const row of rows) results.push(await settlePayment(ctx, row.id));
  return results;
}

/**
 * Voids holds not captured within AUTHORIZATION_HOLD_DAYS of an application not yet in a
 * consultation (no card is stored to capture later): the application is unpaid again, so the
 * patient pays again when they return, and a waiting patient leaves the line.
 */
export async function expireAuthorizations(ctx: AppContext): Promise<number> {
  const now = new Date(ctx.now());
  const cutoff = new Date(now.getTime() - AUTHORIZATION_HOLD_DAYS * 24 * 60 * 60_000);
  const lapsed = await ctx.db
    .select({
      id: payments.id,
      patientId: payments.patientId,
      applicationId: payments.applicationId,
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(
      and(
        eq(payments.status, 'authorized'),
        lt(payments.completedAt, cutoff),
        inArray(applications.status, BEFORE_CONSULTATION),
      ),
    )
    .limit(200);
  let expired = 0;
  for (const row of lapsed) {
    const marked = await ctx.db.transaction(async (tx) => {
      await lockPatient(tx, row.patientId);
      // The waiting entry before the application, in the order the consultation's start
      // takes them (entry, then application), so the two never wait on each other.
      await tx
        .select({ id: queueEntries.id })
        .from(queueEntries)
        .where(
          and(
            eq(queueEntries.applicationId, row.applicationId),
            inArray(queueEntries.status, ['waiting', 'admitted']),
          ),
        )
        .for('update');
      // Again under the lock: a consultation or another decision may have come meanwhile.
      const [current] = await tx
        .select({ payment: payments, appStatus: applications.status })
        .from(payments)
        .innerJoin(applications, eq(applications.id, payments.applicationId))
        .where(eq(payments.id, row.id));
      if (
        current?.payment.status !== 'authorized' ||
        current.payment.pendingAction ||
        !BEFORE_CONSULTATION.includes(current.appStatus)
      )
        return false;
      await tx
        .update(payments)
        .set({ pendingAction: 'void', pendingActionAt: now })
        .where(eq(payments.id, row.id));
      await audit(tx, {
        action: 'payment.authorization_expired',
        targetType: 'payment',
        targetId: row.id,
        patientIds: await patientUserIds(tx, { profileIds: [row.patientId] }),
      });
      await unpay(tx, current.payment.applicationId, {
        actor: null,
        ip: null,
        via: 'authorization_expired',
      });
      return true;
    });
    if (!marked) continue;
    expired++;
    ctx.queue.invalidate();
    await settlePayment(ctx, row.id);
  }
  return expired;
}

/** Application statuses before a physician sees the patient: a lapsed hold is voided. */
const BEFORE_CONSULTATION = ['pending', 'payment_completed'];
