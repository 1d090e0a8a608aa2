import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  actor?: { id: string; role: string } | null;
  action: string;
  targetType?: string;
  targetId?: string | null;
  ip?: string | null;
  outcome?: AuditOutcome;
  /** Non-identifying context only (never PHI, never secrets). */
  details?: Record<string, unknown>;
  /**
   * The patients (user ids) the action concerns, so the trail answers "who read this
   * patient's record?": the patient of a record read or changed, each patient a list showed.
   */
  patientIds?: readonly string[];
}

/** Writes one audit row; pass the open transaction so the row lands with the change it records. */
export async function audit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    outcome: entry.outcome ?? 'success',
    details: entry.details ?? null,
    patientIds: entry.patientIds ? [...new Set(entry.patientIds)] : [],
  });
}
