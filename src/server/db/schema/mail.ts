import {
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Outgoing mail as jobs (issue 13): one row per event and recipient (`dedupeKey` is unique,
 * so an event noticed twice queues one message), written in the transaction of the change it
 * tells about, delivered at least once by the mail worker with backoff across restarts.
 * `sealed` is the rendered message (to, subject, text, html) encrypted with the document key:
 * it holds a first name and sometimes a one-time link, so it is never stored in the clear.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: uuid('user_id'),
    dedupeKey: text('dedupe_key').notNull(),
    sealed: text('sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: another node leaves the job alone until this passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failure's code (never the message: an SMTP reply may echo the address). */
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('mail_jobs_dedupe_key').on(t.dedupeKey),
    index('mail_jobs_due_idx').on(t.nextAttemptAt),
  ],
);

export type MailJobRow = typeof mailJobs.$inferSelect;
