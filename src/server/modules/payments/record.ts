import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  type ApplicationRow,
  applications,
  type PaymentRow,
  payments,
} from '../../db/schema/index.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { queuePaymentReceipt } from '../mail/visit-events.js';
import { queueIfIntakeComplete } from '../queue/intake-gate.js';
import { lockPatient } from './lock.js';

// How a charge's end is written, whether the answer came back to the request that charged
// (service.ts) or was learnt later from the processor (reconcile.ts): one definition each.

type Actor = { id: string; role: string } | null;

export interface Approved {
  transactionId: string;
  brand: string;
  last4: string;
}

/**
 * Authorized (the fee held on the card, ADR 0010) and recorded together, and queued in the
 * same transaction when the patient made the dispensary statement with the payment and the
 * intake is complete (issue 11). The statement is read from the payment row, written with the
 * attempt, so reconciliation after a crash finishes the same work the live request would have
 * (issue 21, item 6). Only a payment still pending moves: null when another path (a concurrent
 * reconciliation) already resolved it.
 */
export async function recordAuthorized(
  ctx: AppContext,
  payment: PaymentRow,
  result: Approved,
  who: { actor: Actor; ip: string | null; via?: 'reconciliation' },
): Promise<{ app: ApplicationRow; payment: PaymentRow } | null> {
  const paid = await ctx.db.transaction(async (tx) => {
    // The patient's lock first, as step 1 takes it: without it a concurrent step 1 (holding
    // the application row, waiting on this payment row) and this step deadlock on PostgreSQL,
    // and a charge the processor approved is never recorded.
    await lockPatient(tx, payment.patientId);
    const [done] = await tx
      .update(payments)
      .set({
        status: 'authorized',
        providerTransactionId: result.transactionId,
        cardBrand: result.brand,
        cardLast4: result.last4,
        completedAt: new Date(),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    if (!done) return null;
    const [app] = await tx
      .update(applications)
      .set({ paymentStatus: 'authorized', status: 'payment_completed', updatedAt: new Date() })
      .where(eq(applications.id, payment.applicationId))
      .returning();
    await audit(tx, {
      actor: who.actor,
      action: 'payment.authorized',
      targetType: 'payment',
      targetId: payment.id,
      ip: who.ip,
      patientIds: await patientUserIds(tx, { profileIds: [payment.patientId] }),
      details: {
        amountCents: payment.amountCents,
        provider: payment.provider,
        ...(who.via ? { via: who.via } : {}),
      },
    });
    // The receipt, whichever path learnt of the payment (this request or reconciliation).
    await queuePaymentReceipt(ctx, tx, done);
    if (done.notAtDispensaryAt)
      await queueIfIntakeComplete(tx, {
        application: app!,
        statementAt: done.notAtDispensaryAt,
        actor: who.actor,
        ip: who.ip,
      });
    return { app: app!, payment: done };
  });
  if (paid) {
    ctx.queue.invalidate();
    ctx.metrics.paymentOutcome('authorized');
  }
  return paid;
}

/** Declined, or not charged at all (`error`); only a payment still pending moves. */
export async function recordFailed(
  ctx: AppContext,
  payment: PaymentRow,
  failure: { status: 'declined' | 'error'; message: string; transactionId?: string },
  who: { actor: Actor; ip: string | null; via?: 'reconciliation' },
): Promise<boolean> {
  const recorded = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(payments)
      .set({
        status: failure.status,
        failureMessage: failure.message.slice(0, 500),
        providerTransactionId: failure.transactionId ?? null,
        completedAt: new Date(),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    if (!done) return false;
    await audit(tx, {
      actor: who.actor,
      action: `payment.${failure.status}`,
      targetType: 'payment',
      targetId: payment.id,
      ip: who.ip,
      patientIds: await patientUserIds(tx, { profileIds: [payment.patientId] }),
      outcome: 'failure',
      ...(who.via ? { details: { via: who.via } } : {}),
    });
    return true;
  });
  if (recorded) ctx.metrics.paymentOutcome(failure.status);
  return recorded;
}
