import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { type PaymentRow, payments } from '../../db/schema/index.js';
import { recordAuthorized, recordFailed } from './record.js';

// A payment stays `pending` only while its charge is in flight; one older than this was left
// by a process that died mid-charge (issue 10, defect 3). The processor is asked what became
// of it, and the payment ends authorized (exactly as a live approval) or failed. Charges time out
// after 30 s (authorize-net.ts), so a pending payment this old has no request waiting on it.
export const RECONCILE_AFTER_MS = 5 * 60_000;

export type Reconciled = 'authorized' | 'declined' | 'error' | 'unresolved';

/** Asks the processor about one pending payment and records the answer. */
export async function reconcilePayment(
  ctx: AppContext,
  payment: PaymentRow,
  by: { actor: { id: string; role: string } | null; ip: string | null } = {
    actor: null,
    ip: null,
  },
  opts: { live?: boolean } = {},
): Promise<Reconciled> {
  const found = await ctx.payments.lookup(payment.id, {
    since: payment.createdAt,
    until: new Date(ctx.now()),
  });
  const who = { ...by, via: 'reconciliation' as const };
  switch (found.status) {
    case 'approved':
      // Approved at the processor is a hold (authOnly): recorded as a live authorization.
      await recordAuthorized(ctx, payment, found, who);
      return 'authorized';
    case 'declined':
      await recordFailed(
        ctx,
        payment,
        { status: 'declined', message: found.message, transactionId: found.transactionId },
        who,
      );
      return 'declined';
    case 'not_found':
      // Asked right after a charge that got no answer, "not found" proves nothing: the request
      // was sent and the processor may still complete it or not list it yet. Only a payment
      // older than RECONCILE_AFTER_MS is concluded never charged.
      if (opts.live) return 'unresolved';
      // The charge never reached the processor: nothing was taken, the patient may pay again.
      await recordFailed(
        ctx,
        payment,
        { status: 'error', message: 'The charge did not reach the processor' },
        who,
      );
      return 'error';
    default:
      return 'unresolved'; // the processor cannot be asked now: try again later
  }
}

/**
 * Resolves every pending payment older than RECONCILE_AFTER_MS: at start for all (main.ts),
 * and for one patient before each of their payment attempts (service.ts).
 */
export async function reconcileStalePayments(
  ctx: AppContext,
  opts: { patientId?: string; ip?: string | null } = {},
): Promise<Reconciled[]> {
  const cutoff = new Date(ctx.now() - RECONCILE_AFTER_MS);
  const stale = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.createdAt, cutoff),
        opts.patientId ? eq(payments.patientId, opts.patientId) : undefined,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(opts.patientId ? 10 : 500);
  const results: Reconciled[] = [];
  for (const payment of stale)
    results.push(await reconcilePayment(ctx, payment, { actor: null, ip: opts.ip ?? null }));
  return results;
}
