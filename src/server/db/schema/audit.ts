import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only audit log (DESIGN.md principle 4): a trigger in the migrations refuses UPDATE
 * and DELETE. Rows keep ids, never PHI; `details` holds non-identifying context only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    outcome: text('outcome').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The patients the action concerns (a list read names each patient shown): issue 13's trail. */
    patientIds: uuid('patient_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_patients_idx').using('gin', t.patientIds),
    index('audit_log_action_idx').on(t.action),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
