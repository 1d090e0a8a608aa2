import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FeeSchedule } from '../../../shared/fees.js';

/** The operator's fee schedule (ruling 4): one row; absent means the defaults. */
export const feeSchedule = pgTable('fee_schedule', {
  id: integer('id').primaryKey().default(1),
  schedule: jsonb('schedule').$type<FeeSchedule>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
