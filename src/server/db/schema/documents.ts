import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { patientProfiles, users } from './users.js';

/**
 * Uploaded files (one store for both upload paths, ruling 7). The bytes live encrypted in the
 * blob store under `storage_key`; a replaced document keeps its row and file, with
 * `replaced_at` set, so earlier versions survive.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patientProfiles.id),
    applicationId: uuid('application_id').references(() => applications.id),
    category: text('category').notNull(),
    status: text('status').notNull().default('pending'),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    replacesId: uuid('replaces_id'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
  },
  (t) => [
    index('documents_patient_idx').on(t.patientId, t.category),
    index('documents_application_idx').on(t.applicationId),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;
