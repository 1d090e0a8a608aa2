import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { paymentRefunds, payments } from '../../db/schema/index.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { lockedLivePayment, reverseLocked } from './reversal.js';

// A refund the processor reports (its webhook, issue 22). A refund may give back part of a
// charge: the clinic refunds the state fee of an application it did not submit and keeps the
// service fee, so the payment stays captured and the application paid. Only a refund of the
// whole remainder is a reversal (reversal.ts: the application unpaid, the patient out of line).
//
// Each refund is recorded once, by its own transaction id (payment_refunds), so a notification
// sent again changes nothing. A refund the clinic recorded itself (the desk's state-fee refund
// adds to payments.refunded_cents when it decides, before asking the processor) comes back as
// an echo: refunded_cents already counts it, which is how it is told apart from a refund made
// at the processor. The clinic's refunds whose echo has not come yet are refunded_cents less
// the refunds already recorded here.

export type RefundRecorded = 'partial' | 'reversed' | 'echo' | 'seen' | 'unknown_charge';

export async function recordRefund(
  ctx: AppContext,
  args: {
    /** The charge the refund gave money back on. */
    chargeId: string;
    /** The refund's own transaction id. */
    refundId: string;
    /** What it gave back; null when the processor did not say (taken as the whole charge). */
    amountCents: number | null;
    ip: string | null;
  },
): Promise<RefundRecorded> {
  const who = { kind: 'refunded' as const, actor: null, ip: args.ip, via: 'webhook' as const };
  const result = await ctx.db.transaction(async (tx): Promise<RefundRecorded> => {
    const current = await lockedLivePayment(tx, args.chargeId);
    if (!current) return 'unknown_charge';
    const [seen] = await tx
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.providerRefundId, args.refundId))
      .limit(1);
    if (seen) return 'seen';

    const remainder = current.amountCents - current.refundedCents;
    const amount = args.amountCents ?? remainder;
    const [recorded] = await tx
      .select({ cents: sql<string>`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, current.id));
    const clinicUnechoed = current.refundedCents - Number(recorded?.cents ?? 0);
    const echo = args.amountCents !== null && amount <= clinicUnechoed;
    await tx.insert(paymentRefunds).values({
      paymentId: current.id,
      providerRefundId: args.refundId,
      amountCents: amount,
      // The clinic's own full refund (a denial's) may echo before the clinic records it.
      source: echo || current.pendingAction === 'refund' ? 'clinic' : 'processor',
    });
    if (echo) return 'echo';

    if (amount >= remainder) {
      await reverseLocked(tx, current, who, { refundedCents: current.refundedCents + amount });
      return 'reversed';
    }
    await tx
      .update(payments)
      .set({ refundedCents: current.refundedCents + amount })
      .where(eq(payments.id, current.id));
    await audit(tx, {
      action: 'payment.partially_refunded',
      targetType: 'payment',
      targetId: current.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { profileIds: [current.patientId] }),
      details: { via: 'webhook', amountCents: amount },
    });
    return 'partial';
  });
  if (result === 'reversed') ctx.queue.invalidate();
  return result;
}
