import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { reconcileStalePayments } from './modules/payments/reconcile.js';
import { SWEEP_EVERY_MS, sweepOrphanBlobs } from './storage/orphan-sweep.js';

// Background upkeep a crash may have made necessary (issue 10): payments left pending are
// reconciled with the processor, orphaned blobs swept. Both run once at start, then on timers.
// Failures are logged under `err`, whose serializer keeps code and message only (logging.ts).

const RECONCILE_EVERY_MS = 60_000;

export function startUpkeep(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const reconcile = () =>
    reconcileStalePayments(ctx)
      .then((r) => {
        if (r.length) log.info({ count: r.length }, 'pending payments reconciled');
      })
      .catch((err: unknown) => log.error({ err }, 'reconciling payments failed'));
  const sweep = () =>
    sweepOrphanBlobs(ctx)
      .then((r) => {
        if (r.deleted) log.info({ deleted: r.deleted }, 'orphaned blobs swept');
      })
      .catch((err: unknown) => log.error({ err }, 'sweeping orphaned blobs failed'));
  void reconcile();
  void sweep();
  const timers = [setInterval(reconcile, RECONCILE_EVERY_MS), setInterval(sweep, SWEEP_EVERY_MS)];
  for (const t of timers) t.unref();
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
