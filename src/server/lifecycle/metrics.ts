import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { queueEntries } from '../db/schema/index.js';
import { RequestDurations } from './request-durations.js';

// Prometheus metrics (issue 14), one registry per app: tests build many apps in one process,
// and the global default registry would refuse the second one's metrics. Labels hold only
// route patterns, methods, status classes and outcome words: never an id, a URL or a name.

/** What a payment came to, as the payment code reports it. */
export type PaymentOutcome =
  | 'authorized'
  | 'declined'
  | 'error'
  | 'captured'
  | 'voided'
  | 'refunded'
  | 'refused';

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestSeconds = new RequestDurations(this.registry);
  private readonly payments = new Counter({
    name: 'payment_outcomes_total',
    help: 'Payments by outcome: authorized, declined, error; captured, voided, refunded, refused',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** An answered request; `route` is the matched pattern (/api/x/:id), never the raw URL. */
  observeRequest(route: string | undefined, method: string, statusCode: number, ms: number) {
    this.requestSeconds.observe(route ?? 'unmatched', method, statusCode, ms / 1000);
  }

  paymentOutcome(outcome: PaymentOutcome): void {
    this.payments.inc({ outcome });
  }

  /** Gauges read when scraped: the queue, live calls and sockets, the mail queue. */
  watch(ctx: AppContext): void {
    const registers = [this.registry];
    new Gauge({
      name: 'queue_waiting_patients',
      help: 'Patients waiting in the queue',
      registers,
      async collect() {
        this.set(await ctx.queue.waitingCount().catch(() => 0));
      },
    });
    new Gauge({
      name: 'queue_oldest_wait_seconds',
      help: 'How long the patient waiting longest has waited (0 when nobody waits)',
      registers,
      async collect() {
        const [row] = await ctx.db
          .select({
            seconds: sql<string | null>`extract(epoch from now() - min(${queueEntries.joinedAt}))`,
          })
          .from(queueEntries)
          .where(sql`${queueEntries.status} = 'waiting'`)
          .catch(() => [] as { seconds: string | null }[]);
        this.set(Math.max(0, Number(row?.seconds ?? 0)));
      },
    });
    new Gauge({
      name: 'realtime_sockets',
      help: 'Socket.io connections open on this node',
      registers,
      collect() {
        this.set(ctx.realtime.io?.of('/').sockets.size ?? 0);
      },
    });
    new Gauge({
      name: 'video_live_calls',
      help: 'Video rooms with someone in them on this node',
      registers,
      collect() {
        let n = 0;
        // A room's own name is video:<id>; video:<id>:<socket> is one participant's inbox.
        for (const [room, members] of ctx.realtime.io?.of('/').adapter.rooms ?? [])
          if (/^video:[^:]+$/.test(room) && members.size > 0) n++;
        this.set(n);
      },
    });
    new Gauge({
      name: 'mail_queue_pending',
      help: 'Queued emails not sent yet',
      registers,
      async collect() {
        this.set(await ctx.mail.pendingCount().catch(() => 0));
      },
    });
  }
}

/** A Bearer token compared in constant time (lengths differ: compared against itself). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  if (given.length !== wanted.length) {
    timingSafeEqual(wanted, wanted);
    return false;
  }
  return timingSafeEqual(given, wanted);
}

export async function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  ctx.metrics.watch(ctx);
  // A callback hook: an async one costs every request a promise (issue 23).
  app.addHook('onResponse', (request, reply, done) => {
    ctx.metrics.observeRequest(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });

  // Without METRICS_TOKEN the route answers 404 like an unknown API path (registered all the
  // same: the web app's fallback would otherwise answer a GET outside /api with its page).
  const token = ctx.config.METRICS_TOKEN;
  app.get('/metrics', async (request, reply) => {
    if (!token)
      return reply.status(404).send({ message: 'No route for GET /metrics', code: 'NOT_FOUND' });
    if (!tokenMatches(request.headers.authorization, token))
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
    const body = await ctx.metrics.registry.metrics();
    return reply.header('Content-Type', ctx.metrics.registry.contentType).send(body);
  });
}
