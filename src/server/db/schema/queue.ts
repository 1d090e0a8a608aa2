import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { patientProfiles, users } from './users.js';

/** A patient's place in the consultation line and the consultation that follows. */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patientProfiles.id),
    status: text('status').notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The entry's number in the line, given by the database as it joins (ADR 0021): the line
     * is seen in this order, and the patients' broadcast carries these numbers, not ids.
     */
    lineNumber: integer('line_number').notNull().generatedAlwaysAsIdentity(),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    doctorId: uuid('doctor_id').references(() => users.id),
    /** The meeting (doctor's room for the day) the patient was admitted through. */
    meetingId: uuid('meeting_id'),
    /** Why staff removed the patient from the line (reject-patient), shown to the patient. */
    removalReason: text('removal_reason'),
    /** The patient's word that they will not be at a dispensary during the visit (issue 11). */
    dispensaryStatement: text('dispensary_statement'),
    dispensaryStatementAt: timestamp('dispensary_statement_at', { withTimezone: true }),
  },
  (t) => [
    // Joining twice answers with the current entry (ruling 14).
    uniqueIndex('queue_entries_one_active_key')
      .on(t.patientId)
      .where(sql`${t.status} in ('waiting', 'admitted', 'in_consultation')`),
    index('queue_entries_waiting_idx').on(t.status, t.joinedAt),
    index('queue_entries_line_idx').on(t.status, t.lineNumber),
  ],
);

export type QueueEntryRow = typeof queueEntries.$inferSelect;
