import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { queueEntries } from './queue.js';
import { patientProfiles, users } from './users.js';

/** A physician's consultation room for the day (ruling 16). */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    topic: text('topic').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('meetings_doctor_day_key').on(t.doctorId, t.day)],
);

/** One consultation per queue entry: who saw the patient, when, for how long, and the outcome. */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queueEntryId: uuid('queue_entry_id')
      .notNull()
      .unique()
      .references(() => queueEntries.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patientProfiles.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id),
    meetingId: uuid('meeting_id').references(() => meetings.id),
    roomId: text('room_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    /** 'approved' | 'not_approved', recorded by a physician (ruling 3). */
    outcome: text('outcome'),
    outcomeReason: text('outcome_reason'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    outcomeBy: uuid('outcome_by').references(() => users.id),
    /** When the approving physician confirmed the patient's identity against ID and photo. */
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    /**
     * Issue 22: the physician certified in the outcome form that the patient is homebound, the
     * only case in which OMMA accepts a caregiver on the recommendation.
     */
    homebound: boolean('homebound'),
    /** The physician's notes, saved as they type in the room. */
    physicianNotes: text('physician_notes').notNull().default(''),
    notesUpdatedAt: timestamp('notes_updated_at', { withTimezone: true }),
  },
  (t) => [
    index('consultations_doctor_idx').on(t.doctorId, t.startedAt),
    index('consultations_started_idx').on(t.startedAt),
    index('consultations_patient_idx').on(t.patientId),
  ],
);

/** Post-consultation document collection (staff-and-video.md §2 Post-Consultation). */
export const followUpTasks = pgTable('follow_up_tasks', {
  id: uuid('id').primaryKey().defaultRandom(),
  consultationId: uuid('consultation_id')
    .notNull()
    .unique()
    .references(() => consultations.id),
  applicationId: uuid('application_id')
    .notNull()
    .references(() => applications.id),
  status: text('status').notNull().default('open'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedBy: uuid('completed_by').references(() => users.id),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A consultation's transcript and the notes compiled from it; searchable in full text. */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultationId: uuid('consultation_id')
      .notNull()
      .unique()
      .references(() => consultations.id),
    rawTranscript: text('raw_transcript').notNull(),
    summary: text('summary').notNull(),
    notes: text('notes').notNull(),
    keyFindings: jsonb('key_findings').$type<string[]>().notNull(),
    billable: jsonb('billable').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(summary, '') || ' ' || coalesce(notes, '') || ' ' || coalesce(raw_transcript, ''))`,
    ),
  },
  (t) => [index('transcriptions_search_idx').using('gin', t.search)],
);

/** Terms the Keyword Manager keeps; key findings are drawn from them and the ICD list. */
export const keywords = pgTable(
  'keywords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    term: text('term').notNull(),
    category: text('category'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('keywords_term_key').on(sql`lower(${t.term})`)],
);

export type MeetingRow = typeof meetings.$inferSelect;
export type ConsultationRow = typeof consultations.$inferSelect;
export type FollowUpTaskRow = typeof followUpTasks.$inferSelect;
export type TranscriptionRow = typeof transcriptions.$inferSelect;
export type KeywordRow = typeof keywords.$inferSelect;
