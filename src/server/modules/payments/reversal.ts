import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { applications, type PaymentRow, payments, queueEntries } from '../../db/schema/index.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { lockPatient } from './lock.js';

// A payment given back (refunded) or cancelled (voided) no longer pays for the application.
// One function whoever records it: the webhook for reversals made at the processor, and the
// clinic's own void or refund (issue 11, settle.ts), so whichever comes second (the webhook's
// echo, or the clinic's record after the echo) finds it done and does nothing.
//
// A reversal made at the processor alone (no clinic decision pending on the payment) leaves
// the application unpaid and the patient out of the line (issue 10). One the clinic decided
// (a denial, a removal, a lapsed hold) wrote the application's side with the decision, in the
// same transaction that set the payment's pending action: it is not touched again here.

export type Reversal = 'refunded' | 'voided';

/** Entries not yet with a doctor leave the line; a consultation under way is the doctor's. */
const REMOVABLE = ['waiting', 'admitted'];

/** A payment that holds or took the fee: the ones a void or refund can reverse. */
const REVERSIBLE = ['authorized', 'captured'];

/**
 * Records the reversal of the held or captured payment with this processor transaction id.
 * False when there is none: unknown to us, or already reversed by the other path.
 */
export async function reversePayment(
  ctx: AppContext,
  args: ReversalArgs & { transactionId: string },
): Promise<boolean> {
  const reversed = await ctx.db.transaction(async (tx) => {
    const current = await lockedLivePayment(tx, args.transactionId);
    if (!current) return false;
    await reverseLocked(tx, current, args);
    return true;
  });
  if (reversed) ctx.queue.invalidate();
  return reversed;
}

export interface ReversalArgs {
  kind: Reversal;
  actor: { id: string; role: string } | null;
  ip: string | null;
  via: 'webhook' | 'clinic';
}

/**
 * The held or captured payment with this processor transaction id, read under its patient's
 * lock (decisions on the payment take it, settle.ts); null when there is none: unknown to us,
 * or already reversed by the other path.
 */
export async function lockedLivePayment(
  tx: Executor,
  transactionId: string,
): Promise<PaymentRow | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.providerTransactionId, transactionId), inArray(payments.status, REVERSIBLE)),
    )
    .limit(1);
  if (!payment) return null;
  await lockPatient(tx, payment.patientId);
  const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
  return current && REVERSIBLE.includes(current.status) ? current : null; // reversed meanwhile
}

/** Inside the caller's transaction, under the patient's lock: the whole payment reversed. */
export async function reverseLocked(
  tx: Executor,
  current: PaymentRow,
  args: ReversalArgs,
  set: { refundedCents?: number } = {},
) {
  await tx
    .update(payments)
    .set({ status: args.kind, pendingAction: null, ...set })
    .where(eq(payments.id, current.id));
  await audit(tx, {
    actor: args.actor,
    action: `payment.${args.kind}`,
    targetType: 'payment',
    targetId: current.id,
    ip: args.ip,
    patientIds: await patientUserIds(tx, { profileIds: [current.patientId] }),
    details: { via: args.via },
  });
  // The clinic's decision already wrote the application (see above).
  if (!current.pendingAction) await unpay(tx, current.applicationId, args);
}

/** The application is unpaid again (pay again to be seen) and its patient leaves the line. */
export async function unpay(
  tx: Executor,
  applicationId: string,
  args: { actor: { id: string; role: string } | null; ip: string | null; via: string },
) {
  await tx
    .update(applications)
    .set({
      paymentStatus: 'unpaid',
      // Back to before payment; a later stage (in review, approved) keeps its status.
      status: sql`case when ${applications.status} = 'payment_completed' then 'pending' else ${applications.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(applications.id, applicationId));
  await audit(tx, {
    actor: args.actor,
    action: 'application.unpaid',
    targetType: 'application',
    targetId: applicationId,
    ip: args.ip,
    patientIds: await patientUserIds(tx, { applicationIds: [applicationId] }),
    details: { via: args.via },
  });
  const removed = await tx
    .update(queueEntries)
    .set({ status: 'payment_reversed', leftAt: new Date() })
    .where(
      and(eq(queueEntries.applicationId, applicationId), inArray(queueEntries.status, REMOVABLE)),
    )
    .returning({ id: queueEntries.id });
  for (const entry of removed)
    await audit(tx, {
      actor: args.actor,
      action: 'queue.payment_reversed',
      targetType: 'queue_entry',
      targetId: entry.id,
      ip: args.ip,
      patientIds: await patientUserIds(tx, { applicationIds: [applicationId] }),
      details: { via: args.via },
    });
}
