import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    /** Null: the role's defaults (ruling 2). Only admin-family roles use it. */
    permissions: text('permissions').array(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Physicians only: printed on the recommendation form (ruling 18). */
    licenseNumber: text('license_number'),
    npi: text('npi'),
    /** OMMA physician registration (SB 1066, 2025): a doctor signs recommendations only while it is current. */
    ommaRegistrationNumber: text('omma_registration_number'),
    ommaRegistrationExpiresOn: date('omma_registration_expires_on', { mode: 'string' }),
    /** Physicians (issue 22): printed on the recommendation as OMMA reads it. */
    officeAddress: text('office_address'),
    licensingBoard: text('licensing_board'),
    /**
     * Staff second factor (issue 13): the TOTP secret sealed with the document key
     * (storage/sealed-text.ts), set at setup; enrolled once a code confirmed it.
     */
    mfaSecret: text('mfa_secret'),
    mfaEnrolledAt: timestamp('mfa_enrolled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
    mfaLastStep: integer('mfa_last_step'),
    /** Patients: "you are next" and "a physician is on duty" emails (transactional ones always go). */
    queueReminders: boolean('queue_reminders').notNull().default(true),
    /** The language pages and emails are in (issue 24): `en` or `es`. */
    language: text('language').notNull().default('en'),
    /** Physicians (issue 24): the languages they consult in; null for everyone else. */
    languages: text('languages').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleting a user deactivates it (ruling 18): no sign-in, gone from lists. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    // An address is taken only while its account is active, so a removed staff member's
    // address can be given to a new account.
    uniqueIndex('users_email_active_key').on(t.email).where(sql`${t.deactivatedAt} is null`),
    index('users_role_idx').on(t.role),
    check('users_language_check', sql`${t.language} in ('en', 'es')`),
  ],
);

export const patientProfiles = pgTable('patient_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  phone: text('phone'),
  address: text('address'),
  apartment: text('apartment'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type PatientProfileRow = typeof patientProfiles.$inferSelect;
