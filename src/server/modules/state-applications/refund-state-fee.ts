import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { notSubmitted } from '../../../shared/state-application.js';
import type { AppContext } from '../../context.js';
import { payments, stateApplications } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { queueStateApplicationMail } from '../mail/state-application-messages.js';
import { type FollowUpResult, GatewayError } from '../payments/gateway.js';
import { lockPatient } from '../payments/lock.js';
import { SETTLE_GRACE_MS } from '../payments/settle.js';
import { type Actor, lockStateApplication } from './desk.js';
import { clinicToday, statusOf } from './queries.js';

// The state fee of an application the clinic did not submit goes back to the patient (issue
// 22): a PARTIAL refund of the captured charge, for the state fee alone. The payment stays
// `captured` (the visit's service fee stays paid) and records what was given back in
// refunded_cents. Crash-safe as payments/settle.ts: the decision is written first (the state
// fee `refunding`, refunded_cents reserved so the processor's webhook echo finds it recorded
// and does nothing), the processor asked after the commit, its answer recorded; a crash in
// between leaves `refunding` for upkeep to finish. Once paid to OMMA the fee is not refundable:
// 409 after the submission.

/** Made by the development bypass (ruling 10): no processor behind it. */
const BYPASS = 'development_bypass';

export type RefundOutcome = 'refunded' | 'refused' | 'pending';

/** Decides the refund (one transaction); then asks the processor. */
export async function refundStateFee(args: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  reason: string;
  ip: string;
}): Promise<RefundOutcome> {
  const { ctx } = args;
  await ctx.db.transaction(async (tx) => {
    const row = await lockStateApplication(tx, args.id);
    const status = statusOf(row, clinicToday(ctx));
    if (!notSubmitted(status))
      throw new AppError(
        'CONFLICT',
        `The state fee is refundable only while the application is not submitted (this one is ${status})`,
      );
    if (row.stateFeeStatus !== 'held')
      throw new AppError(
        'CONFLICT',
        row.stateFeeStatus === 'refunded' || row.stateFeeStatus === 'refunding'
          ? 'The state fee of this application is already refunded'
          : 'No state fee is held for this application',
      );
    // Payment decisions take the patient's lock (payments/lock.ts), then the payment's row.
    await lockPatient(tx, row.patientId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, row.applicationId), eq(payments.status, 'captured')))
      .for('update');
    if (!payment || payment.pendingAction)
      throw new AppError(
        'CONFLICT',
        'The visit fee is still being taken from the card: try the refund again in a minute',
      );
    if (payment.amountCents - payment.refundedCents < row.stateFeeCents)
      throw new AppError('CONFLICT', 'The charge has less left on it than the state fee');
    await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${row.stateFeeCents}` })
      .where(eq(payments.id, payment.id));
    await tx
      .update(stateApplications)
      .set({
        stateFeeStatus: 'refunding',
        updatedAt: new Date(ctx.now()),
        updatedBy: args.actor.id,
      })
      .where(eq(stateApplications.id, row.id));
    await audit(tx, {
      actor: args.actor,
      action: 'state_application.state_fee_refund',
      targetType: 'state_application',
      targetId: row.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [row.patientId] }),
      details: { amountCents: row.stateFeeCents, paymentId: payment.id, reason: args.reason },
    });
  });
  return finishStateFeeRefund(ctx, args.id, { actor: args.actor, ip: args.ip });
}

/**
 * Outside any transaction: asks the processor for the decided refund and records its answer.
 * `pending`: the processor could not be asked; the refund stays decided for upkeep.
 */
export async function finishStateFeeRefund(
  ctx: AppContext,
  id: string,
  who: { actor: Actor | null; ip: string | null } = { actor: null, ip: null },
): Promise<RefundOutcome> {
  const [found] = await ctx.db
    .select({ row: stateApplications, payment: payments })
    .from(stateApplications)
    .innerJoin(payments, eq(payments.applicationId, stateApplications.applicationId))
    .where(and(eq(stateApplications.id, id), eq(payments.status, 'captured')));
  if (found?.row.stateFeeStatus !== 'refunding') return 'pending';
  const { row, payment } = found;
  let answer: FollowUpResult;
  try {
    answer =
      payment.provider === BYPASS || !payment.providerTransactionId
        ? { done: true, transactionId: payment.providerTransactionId ?? '' }
        : await ctx.payments.refund({
            transactionId: payment.providerTransactionId,
            amountCents: row.stateFeeCents,
            last4: payment.cardLast4 ?? '',
          });
  } catch (err) {
    if (err instanceof GatewayError) return 'pending';
    throw err;
  }
  return ctx.db.transaction(async (tx) => {
    await lockPatient(tx, row.patientId);
    const [current] = await tx
      .update(stateApplications)
      .set(
        answer.done
          ? { stateFeeStatus: 'refunded', stateFeeRefundedAt: new Date(ctx.now()) }
          : { stateFeeStatus: 'held' },
      )
      .where(
        and(eq(stateApplications.id, row.id), eq(stateApplications.stateFeeStatus, 'refunding')),
      )
      .returning({ id: stateApplications.id });
    if (!current) return answer.done ? 'refunded' : 'refused'; // recorded meanwhile by upkeep
    // Refused: nothing went back, so the reservation is undone.
    if (!answer.done)
      await tx
        .update(payments)
        .set({ refundedCents: sql`greatest(0, ${payments.refundedCents} - ${row.stateFeeCents})` })
        .where(eq(payments.id, payment.id));
    await audit(tx, {
      actor: who.actor,
      action: answer.done
        ? 'state_application.state_fee_refunded'
        : 'state_application.state_fee_refund_refused',
      targetType: 'state_application',
      targetId: row.id,
      ip: who.ip,
      outcome: answer.done ? 'success' : 'failure',
      patientIds: await patientUserIds(tx, { profileIds: [row.patientId] }),
      details: answer.done
        ? { amountCents: row.stateFeeCents, paymentId: payment.id }
        : { processor: answer.message.slice(0, 200) },
    });
    if (answer.done)
      await queueStateApplicationMail(ctx, tx, {
        patientId: row.patientId,
        stateApplicationId: row.id,
        message: { kind: 'state_fee_refunded', amountCents: row.stateFeeCents },
      });
    return answer.done ? 'refunded' : 'refused';
  });
}

/** Upkeep: finishes refunds decided more than a grace period ago (a crash, an outage). */
export async function finishPendingStateFeeRefunds(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: stateApplications.id })
    .from(stateApplications)
    .where(
      and(
        inArray(stateApplications.stateFeeStatus, ['refunding']),
        lt(stateApplications.updatedAt, new Date(ctx.now() - SETTLE_GRACE_MS)),
      ),
    )
    .limit(200);
  let finished = 0;
  for (const { id } of rows) if ((await finishStateFeeRefund(ctx, id)) !== 'pending') finished++;
  return finished;
}
