import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { setDefaultTimeZone } from '../shared/dates.js';
import { LARGEST_UPLOAD } from '../shared/documents.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { AppMetrics, metricsRoutes } from './lifecycle/metrics.js';
import { readinessRoutes } from './lifecycle/readiness.js';
import { loggerOptions, RequestLog } from './logging.js';
import { applicationDraftRoutes } from './modules/applications/drafts.js';
import { renewalRoutes } from './modules/applications/renewal.js';
import { applicationRoutes } from './modules/applications/routes.js';
import { MemoryListReads } from './modules/audit/list-reads.js';
import { auditRoutes } from './modules/audit/routes.js';
import { accountRoutes } from './modules/auth/account-routes.js';
import { idleRoutes } from './modules/auth/idle-routes.js';
import { languageRoutes } from './modules/auth/language-routes.js';
import { mfaRoutes } from './modules/auth/mfa/routes.js';
import { loadPasswordChecker } from './modules/auth/password-strength.js';
import { authRoutes } from './modules/auth/routes.js';
import { SessionStore } from './modules/auth/session-store.js';
import { LoginThrottle } from './modules/auth/throttle.js';
import { verificationRoutes } from './modules/auth/verification-routes.js';
import { consultationRoutes } from './modules/consultations/routes.js';
import { doctorRoutes } from './modules/doctor/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { staffDocumentRoutes } from './modules/documents/staff-routes.js';
import { feeRoutes } from './modules/fees/routes.js';
import { followUpRoutes } from './modules/follow-up/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { devMailRoutes } from './modules/mail/dev-routes.js';
import { Mailer } from './modules/mail/mailer.js';
import { QueueReminders } from './modules/mail/queue-reminders.js';
import { createTransport } from './modules/mail/transport.js';
import { operationsRoutes } from './modules/operations/routes.js';
import { patientRoutes } from './modules/patients/routes.js';
import type { PaymentGateway } from './modules/payments/gateway.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { selectGateway } from './modules/payments/select-gateway.js';
import { queueRoutes } from './modules/queue/routes.js';
import { QueueSnapshot } from './modules/queue/snapshot.js';
import { packetRoutes } from './modules/state-applications/packet-routes.js';
import { stateApplicationRoutes } from './modules/state-applications/routes.js';
import { transcriptionRoutes } from './modules/transcriptions/routes.js';
import { patientAccountRoutes } from './modules/users/patient-account-routes.js';
import { userRoutes } from './modules/users/routes.js';
import { recordingRoutes } from './modules/video/recording-routes.js';
import { videoRoutes } from './modules/video/routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerTextInputRule } from './plugins/text-inputs.js';
import { type Counters, MemoryCounters } from './rate-limit/counters.js';
import { RATE_LIMITS, type RateLimits } from './rate-limit/limits.js';
import { RedisCounters } from './rate-limit/redis-counters.js';
import { registerRateLimits } from './rate-limit/register.js';
import { RealtimeHub } from './realtime/hub.js';
import { attachSocketServer } from './realtime/socket-server.js';
import { robotsRoute } from './robots.js';
import { notFoundHandler, registerWebApp } from './static.js';
import { createBlobStore } from './storage/blob-stores.js';
import { resolveDocumentKey } from './storage/encryption.js';
import { TextSealer } from './storage/sealed-text.js';
import { fastifyTrustProxy } from './trust-proxy.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Request limits (rate-limit/limits.ts); tests raise them. */
  limits?: RateLimits;
  /** Where limits count; by default Redis with REDIS_URL, else memory on `now`'s clock. */
  counters?: Counters;
  now?: () => number;
  /** A payment gateway other than the configured one (tests use a processor stand-in). */
  payments?: PaymentGateway;
  /** Where the log goes instead of stdout (tests read it to prove what is never logged). */
  logStream?: { write(line: string): void };
  /** Sees every route as it is added (the fuzz suite finds its routes and adds a marker). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the Fastify instance without listening; tests use `app.inject`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  const { config, database } = opts;
  setDefaultTimeZone(config.CLINIC_TIMEZONE);
  loadPasswordChecker(); // the dictionaries load once, at start, not in a first registration
  const app = Fastify({
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // One redaction rule for the whole log (logging.ts): no PHI, tokens or query strings.
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream),
    logController: new RequestLog(),
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const counters =
    opts.counters ??
    (config.REDIS_URL
      ? await RedisCounters.connect(config.REDIS_URL)
      : new MemoryCounters(opts.now));
  if (!opts.counters) app.addHook('onClose', () => counters.close());
  const limits = opts.limits ?? RATE_LIMITS;

  const documentKey = resolveDocumentKey(config);
  const sealer = new TextSealer(documentKey);
  const realtime = new RealtimeHub();
  const mail = new Mailer(database.db, config, sealer, createTransport(config), opts.now);
  const now = opts.now ?? Date.now;
  const ctx: AppContext = {
    config,
    db: database.db,
    sessions: new SessionStore(database.db, opts.now),
    counters,
    limits,
    loginThrottle: new LoginThrottle(counters, limits),
    queue: new QueueSnapshot(database.db, config.CLINIC_TIMEZONE, {
      hours: config.CLINIC_HOURS,
      now: opts.now,
    }),
    realtime,
    blobs: createBlobStore(config, documentKey),
    sealer,
    payments: opts.payments ?? selectGateway(config, database.db),
    mail,
    queueReminders: new QueueReminders({ db: database.db, config, realtime, mail, now }),
    lifecycle: {
      draining: false,
      // Readiness pings the counters' client: it fails at once while Redis is unreachable.
      redisPing: counters instanceof RedisCounters ? () => counters.ping() : null,
    },
    metrics: new AppMetrics(),
    // Redis once the cluster is linked (realtime/cluster.ts).
    listReads: new MemoryListReads(),
    now,
  };
  ctx.queueReminders.log = app.log;
  app.addHook('onClose', () => ctx.mail.stop());
  app.addHook('onClose', async () => ctx.blobs.close?.());
  // Every waiting patient hears their new place at once (issue 3): the line, once, to all the
  // patients' sockets, after each patient's own change of status (ADR 0021).
  ctx.queue.onChange = (changes, line) => {
    for (const change of changes)
      ctx.realtime.toUser(change.userId, 'queue-update', { status: change.status });
    if (line) ctx.realtime.toPatients('queue-line', line);
    ctx.realtime.toStaff('queue-changed');
    // Places moved: "you are next" is checked in the background (queue-reminders.ts).
    ctx.queueReminders.queueChanged();
  };
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  // Before any route: it decides per route, as each is added, whether its answers compress.
  await registerCompression(app);
  await registerSecurity(app, config);
  await registerAuth(app, config, ctx.sessions);
  await registerRateLimits(app, counters);
  registerTextInputRule(app);
  await app.register(multipart, {
    limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 10 },
    // A file past the limit is cut off and marked `truncated` instead of failing the parse,
    // so the answer can name its category's limit (documents/service.ts checkUpload).
    throwFileSizeLimit: false,
  });

  await metricsRoutes(app, ctx);
  await healthRoutes(app, ctx);
  await robotsRoute(app);
  await readinessRoutes(app, ctx);
  await authRoutes(app, ctx);
  await languageRoutes(app, ctx);
  await accountRoutes(app, ctx);
  await verificationRoutes(app, ctx);
  await devMailRoutes(app, ctx);
  await idleRoutes(app, ctx);
  await mfaRoutes(app, ctx);
  await userRoutes(app, ctx);
  await patientAccountRoutes(app, ctx);
  await feeRoutes(app, ctx);
  await patientRoutes(app, ctx);
  await applicationRoutes(app, ctx);
  await applicationDraftRoutes(app, ctx);
  await renewalRoutes(app, ctx);
  await paymentRoutes(app, ctx);
  await documentRoutes(app, ctx);
  await packetRoutes(app, ctx);
  await queueRoutes(app, ctx);
  await consultationRoutes(app, ctx);
  await followUpRoutes(app, ctx);
  await transcriptionRoutes(app, ctx);
  await staffDocumentRoutes(app, ctx);
  await operationsRoutes(app, ctx);
  await doctorRoutes(app, ctx);
  await videoRoutes(app, ctx);
  await recordingRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await stateApplicationRoutes(app, ctx);
  ctx.realtime.io = attachSocketServer(app, ctx);

  const hasWeb = await registerWebApp(app);
  app.setNotFoundHandler(notFoundHandler(hasWeb));

  return app as unknown as FastifyInstance & { ctx: AppContext };
}
