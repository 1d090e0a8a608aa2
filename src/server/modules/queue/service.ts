import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_QUEUE_STATUSES } from '../../../shared/queue.js';
import type { Executor } from '../../db/client.js';
import { type QueueEntryRow, queueEntries } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
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
 * Puts a paid application in line; joining twice answers with the current entry (ruling 14).
 * Callers hold the patient's lock (payments) or rely on the one-active-entry unique index.
 */
export async function joinQueue(
  tx: Executor,
  args: {
    patientId: string;
    applicationId: string;
    paid: boolean;
    /** Null when the system acts (a payment reconciled after a restart). */
    actor: { id: string; role: string } | null;
    ip: string | null;
  },
): Promise<{ entry: QueueEntryRow; created: boolean }> {
  const existing = await findActiveEntry(tx, args.patientId);
  if (existing) return { entry: existing, created: false };
  if (!args.paid)
    throw new AppError('BAD_REQUEST', 'Please complete payment before joining the queue');
  const [entry] = await tx
    .insert(queueEntries)
    .values({ patientId: args.patientId, applicationId: args.applicationId })
    .returning();
  await audit(tx, {
    actor: args.actor,
    action: 'queue.join',
    targetType: 'queue_entry',
    targetId: entry!.id,
    ip: args.ip,
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
  });
  return row;
}
