import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CLINIC_NAME } from '../../../shared/brand.js';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import { type Config, linkBase } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { mailJobs, users } from '../../db/schema/index.js';
import type { TextSealer } from '../../storage/sealed-text.js';
import { type MailMessage, QUEUE_REMINDER_KINDS } from './messages.js';
import { renderMail } from './render.js';
import type { Envelope, MailTransport } from './transport.js';

// Mail as jobs (issue 13). A caller queues a message inside the transaction of the change it
// tells about, so the two land together or not at all; the worker sends due jobs, on any node
// (rows are claimed with SKIP LOCKED and a lease), and retries with backoff, so a message
// survives a restart or an SMTP outage and is delivered at least once. The rendered message is
// sealed in the row (it may hold a one-time link).

const SEALED_PURPOSE = 'mail';
const BATCH = 20;
/**
 * A claimed job is left alone by other workers for this long; a node killed mid-send frees it
 * when it ends. Longer than a send can take (transport.ts: 10 s to connect, 10 s for the
 * greeting, 30 s of silence at most), so two nodes do not send one job at once.
 */
export const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** After this many attempts (about a day and a half) a job stays unsent, for the operator. */
export const MAX_ATTEMPTS = 40;
const POLL_MS = 5_000;

export interface QueuedMail {
  /** The recipient's user id: the address and first name are read at queue time. */
  userId: string;
  message: MailMessage;
  /**
   * One message per event and recipient: the same key queued twice sends once (an event seen
   * by two nodes, a retried request). E.g. `receipt:<paymentId>`.
   */
  dedupeKey: string;
}

interface ClaimedJob {
  id: number;
  sealed: string;
  attempts: number;
  kind: string;
}

export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

export class Mailer {
  private timer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sealer: TextSealer,
    readonly transport: MailTransport,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Queues a message in `executor`'s transaction; false when nothing was queued: the account
   * is gone, the patient turned this reminder off, or the event's message is already queued.
   */
  async queue(executor: Executor, mail: QueuedMail): Promise<boolean> {
    const [user] = await executor
      .select({
        email: users.email,
        firstName: users.firstName,
        queueReminders: users.queueReminders,
        role: users.role,
        language: users.language,
      })
      .from(users)
      .where(and(eq(users.id, mail.userId), sql`${users.deactivatedAt} is null`))
      .limit(1);
    if (!user) return false;
    if (QUEUE_REMINDER_KINDS.has(mail.message.kind) && !user.queueReminders) return false;
    // A patient's messages are in the account's language (issue 24), whatever the language of
    // the request that queued them; staff messages stay English.
    const language: Language =
      user.role === 'patient' && isLanguage(user.language) ? user.language : 'en';
    const rendered = renderMail(
      mail.message,
      user.firstName,
      { clinicName: CLINIC_NAME, linkBase: linkBase(this.config) },
      language,
    );
    const envelope: Envelope = { to: user.email, ...rendered };
    const inserted = await executor
      .insert(mailJobs)
      .values({
        kind: mail.message.kind,
        userId: mail.userId,
        dedupeKey: mail.dedupeKey,
        sealed: this.sealer.seal(JSON.stringify(envelope), SEALED_PURPOSE),
        nextAttemptAt: new Date(this.now()),
      })
      .onConflictDoNothing({ target: mailJobs.dedupeKey })
      .returning({ id: mailJobs.id });
    if (inserted.length > 0) this.wake();
    return inserted.length > 0;
  }

  /** Sends every job due now, once each; what a timer runs, and tests call directly. */
  async deliverDue(log?: FastifyBaseLogger): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const jobs = await this.claim();
      for (const job of jobs) {
        if (await this.deliver(job, log)) sent++;
        else failed++;
      }
      if (jobs.length < BATCH) return { sent, failed };
    }
  }

  /** Jobs not yet sent (the operator's view; issue 14 reports it as a metric). */
  async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailJobs)
      .where(sql`${mailJobs.sentAt} is null`);
    return row?.n ?? 0;
  }

  /** Sends due jobs every few seconds, and soon after a message is queued. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.timer = setInterval(() => this.runInBackground(), POLL_MS);
    this.timer.unref();
    this.runInBackground();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.timer = null;
    this.wakeTimer = null;
    await this.running?.catch(() => {});
    this.transport.close();
  }

  private log: FastifyBaseLogger | undefined;

  /** Once the queuing transaction has committed (a moment later), send without waiting a poll. */
  private wake(): void {
    if (!this.timer || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.runInBackground();
    }, 200);
    this.wakeTimer.unref();
  }

  private runInBackground(): void {
    if (this.running) return;
    this.running = this.deliverDue(this.log)
      .catch((err: unknown) => this.log?.error({ err }, 'mail worker failed'))
      .finally(() => {
        this.running = null;
      });
  }

  private async claim(): Promise<ClaimedJob[]> {
    const now = new Date(this.now());
    const leaseEnds = new Date(this.now() + LEASE_MS);
    // One statement claims a batch: concurrent workers skip each other's rows.
    const result = await this.db.execute(sql`
      update ${mailJobs}
         set locked_until = ${leaseEnds.toISOString()}::timestamptz, attempts = attempts + 1
       where id in (
         select id from ${mailJobs}
          where sent_at is null
            and attempts < ${MAX_ATTEMPTS}
            and next_attempt_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
          order by id
          limit ${BATCH}
          for update skip locked)
      returning id, sealed, attempts, kind`);
    // Both drivers answer { rows }; bigserial ids come back as text from node-postgres.
    const { rows } = result as unknown as { rows: (Omit<ClaimedJob, 'id'> & { id: unknown })[] };
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  private async deliver(job: ClaimedJob, log?: FastifyBaseLogger): Promise<boolean> {
    try {
      const envelope = JSON.parse(this.sealer.open(job.sealed, SEALED_PURPOSE)) as Envelope;
      await this.transport.send(envelope);
      await this.db
        .update(mailJobs)
        .set({ sentAt: new Date(this.now()), lockedUntil: null, lastError: null })
        .where(eq(mailJobs.id, job.id));
      return true;
    } catch (err) {
      // Only codes are kept and logged: an SMTP reply may echo the recipient's address.
      const code = errorCode(err);
      await this.db
        .update(mailJobs)
        .set({
          nextAttemptAt: new Date(this.now() + retryDelayMs(job.attempts)),
          lockedUntil: null,
          lastError: code,
        })
        .where(eq(mailJobs.id, job.id));
      log?.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, code },
        'mail not delivered yet',
      );
      return false;
    }
  }
}

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown };
  const parts = [typeof e?.code === 'string' ? e.code : 'ERROR'];
  if (typeof e?.responseCode === 'number') parts.push(String(e.responseCode));
  return parts.join(' ');
}
