import { desc, eq } from 'drizzle-orm';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule, scheduleMode } from '../../../shared/fees.js';
import {
  changedFees,
  changedMode,
  FEE_HISTORY_LIMIT,
  type FeeHistory,
} from '../../../shared/schemas/fees.js';
import type { Executor } from '../../db/client.js';
import { feeSchedule, feeScheduleChanges, users } from '../../db/schema/index.js';
import { audit } from '../audit/service.js';

/** A stored schedule with its mode spelt out (schedules saved before issue 22 have none). */
const withMode = (schedule: FeeSchedule) => ({
  ...schedule,
  stateApplication: scheduleMode(schedule),
});

/**
 * The schedule in force: the operator's stored one (its figures kept as they were saved), or
 * the defaults (ruling 4, with OMMA's own state fees since issue 22).
 */
export async function currentFeeSchedule(db: Executor): Promise<FeeSchedule> {
  const [row] = await db.select().from(feeSchedule).where(eq(feeSchedule.id, 1)).limit(1);
  return withMode(row?.schedule ?? DEFAULT_FEE_SCHEDULE);
}

/**
 * Stores a new schedule with its history row (previous → new, who, when) and its audit row,
 * in one transaction. The stored row is locked first (created from the defaults when absent),
 * so two managers saving at once each record the schedule the other left. A schedule without a
 * mode (an older client's) keeps the mode in force. A save that changes nothing writes nothing.
 * Returns the schedule now in force.
 */
export async function saveFeeSchedule(
  db: Executor,
  actor: { id: string; role: string },
  input: FeeSchedule,
  ip: string,
): Promise<FeeSchedule> {
  return db.transaction(async (tx) => {
    await tx
      .insert(feeSchedule)
      .values({ id: 1, schedule: DEFAULT_FEE_SCHEDULE })
      .onConflictDoNothing({ target: feeSchedule.id });
    const [row] = await tx
      .select({ schedule: feeSchedule.schedule })
      .from(feeSchedule)
      .where(eq(feeSchedule.id, 1))
      .for('update');
    const previous = withMode(row!.schedule);
    const schedule = withMode({
      ...input,
      stateApplication: input.stateApplication ?? previous.stateApplication,
    });
    const changes = changedFees(previous, schedule);
    // A change of who applies to OMMA is a change of the schedule like a fee's (issue 22).
    const mode = changedMode(previous, schedule);
    if (changes.length === 0 && !mode) return previous;

    await tx
      .update(feeSchedule)
      .set({ schedule, updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(feeSchedule.id, 1));
    const [change] = await tx
      .insert(feeScheduleChanges)
      .values({ previous, schedule, changedBy: actor.id })
      .returning({ id: feeScheduleChanges.id });
    await audit(tx, {
      actor,
      action: 'fees.update',
      targetType: 'fee_schedule',
      targetId: '1',
      ip,
      details: {
        changeId: change!.id,
        changes: changes.map((c) => ({
          fee: `${c.type}.${c.kind}.${c.part}`,
          fromCents: c.fromCents,
          toCents: c.toCents,
        })),
        ...(mode ? { stateApplication: mode } : {}),
      },
    });
    return schedule;
  });
}

/** The latest changes, newest first, with the changer's name (FEE_HISTORY_LIMIT of them). */
export async function feeScheduleHistory(db: Executor): Promise<FeeHistory> {
  const rows = await db
    .select({
      change: feeScheduleChanges,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(feeScheduleChanges)
    .leftJoin(users, eq(users.id, feeScheduleChanges.changedBy))
    .orderBy(desc(feeScheduleChanges.changedAt), desc(feeScheduleChanges.id))
    .limit(FEE_HISTORY_LIMIT);
  return {
    changes: rows.map(({ change, firstName, lastName }) => ({
      id: change.id,
      changedAt: change.changedAt.toISOString(),
      changedBy: {
        id: change.changedBy,
        // Users are deactivated, not deleted (ruling 18); the join misses only a foreign id.
        name: firstName !== null ? `${firstName} ${lastName}`.trim() : 'Unknown user',
      },
      previous: withMode(change.previous),
      schedule: withMode(change.schedule),
    })),
  };
}
