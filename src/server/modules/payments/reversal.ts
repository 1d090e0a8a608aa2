import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { applications, payments, queueEntries } from '../../db/schema/index.js';
import { audit } from '../audit/service.js';
import { lockPatient } from './lock.js';

// A payment given back (refunded) or cancelled (voided) no longer pays for the application:
// it is unpaid again and the patient leaves the line (issue 10). One function whoever starts
// it: the webhook for reversals made at the processor, and the clinic's own void or refund
// (issue 11) where it is started, so the webhook's later echo finds it done and does nothing.

export type Reversal = 'refunded' | 'voided';

/** Entries not yet with a doctor leave the line; a consultation under way is the doctor's. */
const REMOVABLE = ['waiting', 'admitted'];

/**
 * Records the reversal of the succeeded payment with this processor transaction id. False
 * when there is none: unknown to us, or already reversed (recorded where the clinic did it).
 */
export async function reversePayment(
  ctx: AppContext,
  args: {
    transactionId: string;
    kind: Reversal;
    actor: { id: string; role: string } | null;
    ip: string | null;
    via: 'webhook' | 'clinic';
  },
): Promise<boolean> {
  const reversed = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.providerTransactionId, args.transactionId),
          eq(payments.status, 'succeeded'),
        ),
      )
      .limit(1);
    if (!payment) return false;
    await lockPatient(tx, payment.patientId);
    const [changed] = await tx
      .update(payments)
      .set({ status: args.kind })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded')))
      .returning({ id: payments.id });
    if (!changed) return false; // reversed meanwhile by the other path
    await audit(tx, {
      actor: args.actor,
      action: `payment.${args.kind}`,
      targetType: 'payment',
      targetId: payment.id,
      ip: args.ip,
      details: { via: args.via },
    });
    await unpay(tx, payment.applicationId, args);
    return true;
  });
  if (reversed) ctx.queue.invalidate();
  return reversed;
}

async function unpay(
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
      details: { via: args.via },
    });
}
