import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

// GET /api/ready (issue 14): may a load balancer send this node traffic? /api/health stays the
// liveness check (the process answers); readiness also asks Redis and the blob store, and says
// no at once while the node drains. The answer names what fails, never why: a driver's message
// can carry hosts or credentials.

export type ReadinessPart = 'database' | 'redis' | 'blobs' | 'draining';

/** Whether the node is stopping, and how to reach Redis (set by the cluster link). */
export interface Lifecycle {
  draining: boolean;
  redisPing: (() => Promise<unknown>) | null;
}

/** Each check gets this long; a hung connection must not hang the load balancer's poll. */
export const CHECK_TIMEOUT_MS = 1500;

function within<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function failingParts(ctx: AppContext): Promise<ReadinessPart[]> {
  const { redisPing } = ctx.lifecycle;
  const checks: [ReadinessPart, () => Promise<unknown>][] = [
    ['database', () => ctx.db.execute(sql`select 1`)],
    ['blobs', () => ctx.blobs.check()],
  ];
  // Redis only where the node uses it; configured but never linked counts as down.
  if (redisPing || ctx.config.REDIS_URL)
    checks.splice(1, 0, ['redis', redisPing ?? (() => Promise.reject(new Error('no link')))]);
  const results = await Promise.all(
    checks.map(([part, check]) =>
      within(check, CHECK_TIMEOUT_MS).then(
        () => null,
        () => part,
      ),
    ),
  );
  const failing = results.filter((p): p is ReadinessPart => p !== null);
  return ctx.lifecycle.draining ? ['draining', ...failing] : failing;
}

export async function readinessRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/ready', async (_request, reply) => {
    // Draining answers at once: the balancer must stop sending before the checks would tell.
    if (ctx.lifecycle.draining)
      return reply.status(503).send({ status: 'not-ready', failing: ['draining'] });
    const failing = await failingParts(ctx);
    if (failing.length > 0) return reply.status(503).send({ status: 'not-ready', failing });
    return { status: 'ready' };
  });
}
