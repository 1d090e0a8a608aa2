import {
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
import { patientProfiles, users } from './users.js';

// Issue 22: past the recommendation to the licence (src/shared/state-application.ts).

/**
 * The patient's OMMA application, one per approved application, created with the approval in
 * its transaction. In `clinic_submits` the desk prepares, submits and follows it; in
 * `patient_submits` it records what the patient says they did (and when to remind them).
 */
export const stateApplications = pgTable(
  'state_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patientProfiles.id),
    /** The mode the application was paid under (applications.state_application_mode). */
    mode: text('mode').notNull(),
    /** preparing | submitted | approved | rejected | lapsed (shared/state-application.ts). */
    status: text('status').notNull().default('preparing'),
    /** The physician's signature (the approval's day on the clinic's calendar). */
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    submitBy: date('submit_by', { mode: 'string' }).notNull(),
    /** The desk's ticked OMMA checklist items (OMMA_CHECKLIST ids). */
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    ommaApplicationNumber: text('omma_application_number'),
    submittedOn: date('submitted_on', { mode: 'string' }),
    stateFeeReference: text('state_fee_reference'),
    /** OMMA's rejection: its reason sealed with the document key (storage/sealed-text.ts). */
    rejectionReason: text('rejection_reason'),
    documentsNeeded: jsonb('documents_needed').$type<string[]>(),
    rejectedOn: date('rejected_on', { mode: 'string' }),
    /** The instant the desk recorded the rejection: uploads after it answer OMMA's request. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    resubmitBy: date('resubmit_by', { mode: 'string' }),
    cardMailedOn: date('card_mailed_on', { mode: 'string' }),
    /** The state fee collected with the visit (0 in patient_submits), and what became of it. */
    stateFeeCents: integer('state_fee_cents').notNull().default(0),
    /** held | paid | refunded | none */
    stateFeeStatus: text('state_fee_status').notNull().default('none'),
    stateFeeRefundedAt: timestamp('state_fee_refunded_at', { withTimezone: true }),
    /** patient_submits: the apply reminders already sent (days after signing: 20, 27). */
    remindersSent: jsonb('reminders_sent').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('state_applications_application_key').on(t.applicationId),
    index('state_applications_patient_idx').on(t.patientId),
    index('state_applications_status_idx').on(t.status, t.submitBy),
  ],
);

/**
 * The patient's current OMMA licence: recorded by the desk on OMMA's approval or entered by the
 * patient. One per patient; a renewal's new licence replaces it (and resets the reminders).
 */
export const patientLicenses = pgTable(
  'patient_licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patientProfiles.id),
    licenseNumber: text('license_number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** desk | patient */
    source: text('source').notNull(),
    stateApplicationId: uuid('state_application_id').references(() => stateApplications.id),
    /** Renewal reminders already sent for this expiry (days before: 60, 30, 7). */
    remindersSent: jsonb('reminders_sent').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patient_licenses_patient_key').on(t.patientId),
    index('patient_licenses_expires_idx').on(t.expiresOn),
  ],
);

export type StateApplicationDbRow = typeof stateApplications.$inferSelect;
export type PatientLicenseRow = typeof patientLicenses.$inferSelect;
