import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_QUEUE_STATUSES, DISPENSARY_STATEMENT } from '../../../shared/queue.js';
import type { Executor } from '../../db/client.js';
import { type QueueEntryRow, queueEntries } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';

/** The patient's entry that is still waiting or in consultation, if any. */
export async function findActiveEntry(
  db: Executor,
  patientId: string,
): Promise<QueueEntryRow | null> {
  const [row] = await db
    .select()
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.patientId, patientId),
        inArray(queueEntries.status, [...ACTIVE_QUEUE_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Puts an application in line with the patient's dispensary statement; joining twice answers
 * with the current entry (ruling 14). Only the intake gate (intake-gate.ts) calls it, once the
 * fee is covered and the intake complete; callers hold the patient's lock.
 */
export async function joinQueue(
  tx: Executor,
  args: {
    patientId: string;
    applicationId: string;
    /** When the patient stated they will not be at a dispensary (issue 11). */
    statementAt: Date;
    actor: { id: string; role: string } | null;
    ip: string | null;
  },
): Promise<{ entry: QueueEntryRow; created: boolean }> {
  const existing = await findActiveEntry(tx, args.patientId);
  if (existing) return { entry: existing, created: false };
  const [entry] = await tx
    .insert(queueEntries)
    .values({
      patientId: args.patientId,
      applicationId: args.applicationId,
      dispensaryStatement: DISPENSARY_STATEMENT,
      dispensaryStatementAt: args.statementAt,
    })
    .returning();
  await audit(tx, {
    actor: args.actor,
    action: 'queue.join',
    targetType: 'queue_entry',
    targetId: entry!.id,
    ip: args.ip,
    patientIds: await patientUserIds(tx, { profileIds: [args.patientId] }),
  });
  return { entry: entry!, created: true };
}

export async function leaveQueue(
  db: Executor,
  args: { patientId: string; actor: { id: string; role: string }; ip: string },
): Promise<QueueEntryRow> {
  const [row] = await db
    .update(queueEntries)
    .set({ status: 'left', leftAt: new Date() })
    .where(and(eq(queueEntries.patientId, args.patientId), eq(queueEntries.status, 'waiting')))
    .returning();
  if (!row)
    throw new AppError(
      'NOT_FOUND',
      "You don't currently have an active position in the consultation queue.",
    );
  await audit(db, {
    actor: args.actor,
    action: 'queue.leave',
    targetType: 'queue_entry',
    targetId: row.id,
    ip: args.ip,
    patientIds: await patientUserIds(db, { profileIds: [args.patientId] }),
  });
  return row;
}
