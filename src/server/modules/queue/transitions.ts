import { eq } from 'drizzle-orm';
import { ownEntry } from '../../../shared/own-keys.js';
import type { QueueStatus } from '../../../shared/queue.js';
import type { Executor } from '../../db/client.js';
import { type QueueEntryRow, queueEntries } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

// A queue entry's life (staff-and-video.md §4): waiting → admitted → in_consultation →
// completed; reject takes a waiting or admitted patient out. Each step locks the entry so
// two staff acting at once give one change and one clear 409.

export async function lockEntry(tx: Executor, queueId: string): Promise<QueueEntryRow> {
  const [row] = await tx
    .select()
    .from(queueEntries)
    .where(eq(queueEntries.id, queueId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Patient not found in the queue');
  return row;
}

const NOT_WAITING = 'Patient is no longer waiting';

const MESSAGES: Record<string, Partial<Record<QueueStatus, string>>> = {
  admit: {
    admitted: 'Patient has already been admitted',
    in_consultation: 'Consultation already started',
  },
  start: {
    waiting: 'Admit the patient first',
    in_consultation: 'Consultation already started',
    completed: 'Consultation already ended',
  },
  end: {
    waiting: 'Consultation has not started',
    admitted: 'Consultation has not started',
    completed: 'Consultation already ended',
  },
};

/** 409 with a message that says why, unless the entry is in one of `from`. */
export function assertStatus(
  entry: QueueEntryRow,
  from: QueueStatus[],
  step: keyof typeof MESSAGES,
): void {
  if (from.includes(entry.status as QueueStatus)) return;
  throw new AppError(
    'CONFLICT',
    ownEntry(ownEntry(MESSAGES, step) ?? {}, entry.status) ?? NOT_WAITING,
  );
}

export async function setEntry(
  tx: Executor,
  id: string,
  values: Partial<typeof queueEntries.$inferInsert>,
) {
  const [row] = await tx
    .update(queueEntries)
    .set(values)
    .where(eq(queueEntries.id, id))
    .returning();
  return row!;
}
