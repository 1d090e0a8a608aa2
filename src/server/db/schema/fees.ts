import { index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FeeSchedule } from '../../../shared/fees.js';

/** The operator's fee schedule (ruling 4): one row; absent means the defaults. */
export const feeSchedule = pgTable('fee_schedule', {
  id: integer('id').primaryKey().default(1),
  schedule: jsonb('schedule').$type<FeeSchedule>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** Every change to the fee schedule: who, when, old → new (issue 12's Fee Schedule screen). */
export const feeScheduleChanges = pgTable(
  'fee_schedule_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    previous: jsonb('previous').$type<FeeSchedule>().notNull(),
    schedule: jsonb('schedule').$type<FeeSchedule>().notNull(),
    changedBy: uuid('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fee_schedule_changes_at_idx').on(t.changedAt)],
);
