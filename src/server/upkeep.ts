import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { runLicenceReminders } from './modules/licenses/reminders.js';
import { reconcileStalePayments } from './modules/payments/reconcile.js';
import { expireAuthorizations, settleOutstanding } from './modules/payments/settle.js';
import { persistLapsed } from './modules/state-applications/lapse.js';
import { finishPendingStateFeeRefunds } from './modules/state-applications/refund-state-fee.js';
import { SWEEP_EVERY_MS, sweepOrphanBlobs } from './storage/orphan-sweep.js';

// Background upkeep a crash may have made necessary (issue 10): payments left pending are
// reconciled with the processor, orphaned blobs swept. Held fees (issue 11, ADR 0010): a
// capture or void decided but not confirmed by the processor is finished, and holds older
// than AUTHORIZATION_HOLD_DAYS of patients not yet seen are voided. All run once at start,
// then on timers. The licence's reminders (issue 22: renewal, and apply to OMMA) are worked
// out hourly from the clinic's calendar; each is claimed once across nodes.
// Failures are logged under `err`, whose serializer keeps code and message only (logging.ts).

const RECONCILE_EVERY_MS = 60_000;
/** Licence reminders, and OMMA applications whose window passed written `lapsed` (issue 22). */
const HOURLY_MS = 60 * 60_000;

export function startUpkeep(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const reconcile = () =>
    reconcileStalePayments(ctx)
      .then((r) => {
        if (r.length) log.info({ count: r.length }, 'pending payments reconciled');
      })
      .catch((err: unknown) => log.error({ err }, 'reconciling payments failed'));
  const settle = () =>
    runFeeUpkeep(ctx)
      .then((r) => {
        if (r.settled || r.expired) log.info(r, 'held fees settled');
      })
      .catch((err: unknown) => log.error({ err }, 'settling held fees failed'));
  const sweep = () =>
    sweepOrphanBlobs(ctx)
      .then((r) => {
        if (r.deleted) log.info({ deleted: r.deleted }, 'orphaned blobs swept');
      })
      .catch((err: unknown) => log.error({ err }, 'sweeping orphaned blobs failed'));
  const remind = () =>
    runLicenceReminders(ctx)
      .then((r) => {
        if (r.renewal || r.apply) log.info(r, 'licence reminders queued');
      })
      .catch((err: unknown) => log.error({ err }, 'licence reminders failed'));
  const lapse = () =>
    persistLapsed(ctx)
      .then((n) => {
        if (n) log.info({ count: n }, 'state applications lapsed');
      })
      .catch((err: unknown) => log.error({ err }, 'marking lapsed state applications failed'));
  void reconcile();
  void settle();
  void sweep();
  void lapse();
  void remind();
  const timers = [
    setInterval(reconcile, RECONCILE_EVERY_MS),
    setInterval(settle, RECONCILE_EVERY_MS),
    setInterval(sweep, SWEEP_EVERY_MS),
    setInterval(remind, HOURLY_MS),
    setInterval(lapse, HOURLY_MS),
  ];
  for (const t of timers) t.unref();
  return () => {
    for (const t of timers) clearInterval(t);
  };
}

/**
 * One pass over held fees: pending captures and voids finished, lapsed holds voided, state-fee
 * refunds decided on the desk and not yet confirmed by the processor finished (issue 22).
 */
export async function runFeeUpkeep(ctx: AppContext): Promise<{ settled: number; expired: number }> {
  const settled = (await settleOutstanding(ctx)).filter((r) => r === 'done' || r === 'refused');
  const expired = await expireAuthorizations(ctx);
  const refunds = await finishPendingStateFeeRefunds(ctx);
  return { settled: settled.length + refunds, expired };
}
