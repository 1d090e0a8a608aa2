import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AppMetrics } from './lifecycle/metrics.js';
import type { Lifecycle } from './lifecycle/readiness.js';
import type { ListReadMemory } from './modules/audit/list-reads.js';
import type { SessionStore } from './modules/auth/session-store.js';
import type { LoginThrottle } from './modules/auth/throttle.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { QueueReminders } from './modules/mail/queue-reminders.js';
import type { PaymentGateway } from './modules/payments/gateway.js';
import type { QueueSnapshot } from './modules/queue/snapshot.js';
import type { Counters } from './rate-limit/counters.js';
import type { RateLimits } from './rate-limit/limits.js';
import type { RealtimeHub } from './realtime/hub.js';
import type { BlobStore } from './storage/blob-store.js';
import type { TextSealer } from './storage/sealed-text.js';

/** What route modules receive: the configuration and the app's long-lived parts. */
export interface AppContext {
  config: Config;
  db: Db;
  sessions: SessionStore;
  /** Request limits and where they count (memory, or Redis shared by all nodes). */
  counters: Counters;
  limits: RateLimits;
  loginThrottle: LoginThrottle;
  queue: QueueSnapshot;
  realtime: RealtimeHub;
  blobs: BlobStore;
  /** Seals small secrets stored in columns (TOTP secrets, queued mail) with the document key. */
  sealer: TextSealer;
  payments: PaymentGateway;
  /** Outgoing mail: queue in the change's transaction; a worker sends (modules/mail). */
  mail: Mailer;
  /** "You are next" and "a physician is now on duty", checked off the status read's path. */
  queueReminders: QueueReminders;
  /** Draining on SIGTERM, and the Redis check for GET /api/ready (lifecycle/). */
  lifecycle: Lifecycle;
  /** Prometheus metrics of this app (GET /metrics). */
  metrics: AppMetrics;
  /** Each user's last audited read of each patient list (this node's memory, or Redis). */
  listReads: ListReadMemory;
  /** The clock every time rule reads (tests inject one). */
  now: () => number;
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';
