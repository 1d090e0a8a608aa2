import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationDraft } from '../../../shared/schemas/application.js';
import { patientProfiles } from './users.js';

/**
 * The application form as the patient is typing it (issue 11): kept on the server, one row per
 * patient, so a reload or a second device resumes it and no PHI sits in browser storage.
 * Deleted when the application is submitted.
 */
export const applicationDrafts = pgTable('application_drafts', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patientProfiles.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<ApplicationDraft>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
