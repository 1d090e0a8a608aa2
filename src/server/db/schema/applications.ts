import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { patientProfiles } from './users.js';

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patientProfiles.id),
    type: text('type').notNull(),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    amountCents: integer('amount_cents').notNull(),
    hasReducedFee: boolean('has_reduced_fee').notNull().default(false),
    reducedFeeReason: text('reduced_fee_reason'),
    needsCaregiver: boolean('needs_caregiver').notNull().default(false),
    caregiverFirstName: text('caregiver_first_name'),
    caregiverLastName: text('caregiver_last_name'),
    caregiverPhone: text('caregiver_phone'),
    caregiverEmail: text('caregiver_email'),
    relationship: text('relationship'),
    physicianNotes: text('physician_notes'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentText: text('consent_text'),
    /**
     * Issue 24: the language the consent (and the OMMA authorization) was shown and stored in,
     * `en` or `es`; null before payment. consent_text is the exact text in that language.
     */
    consentLanguage: text('consent_language'),
    /**
     * Issue 22: who applies to OMMA, fixed at payment from the fee schedule (clinic_submits |
     * patient_submits); null until paid. In clinic_submits the patient's authorization for the
     * clinic to apply and pay the state fee, its words and time, as the consent is stored.
     */
    stateApplicationMode: text('state_application_mode'),
    stateApplicationAuthorizedAt: timestamp('state_application_authorized_at', {
      withTimezone: true,
    }),
    stateApplicationAuthorizationText: text('state_application_authorization_text'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ruling 14: at most one open application per patient.
    uniqueIndex('applications_one_open_key')
      .on(t.patientId)
      .where(sql`${t.status} not in ('approved', 'rejected', 'documents_collected')`),
    index('applications_patient_idx').on(t.patientId, t.createdAt),
  ],
);

export const medicalConditions = pgTable(
  'medical_conditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    icdCode: text('icd_code'),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('medical_conditions_application_idx').on(t.applicationId)],
);

export type ApplicationRow = typeof applications.$inferSelect;
export type MedicalConditionRow = typeof medicalConditions.$inferSelect;
