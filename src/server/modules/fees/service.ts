import { eq } from 'drizzle-orm';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule } from '../../../shared/fees.js';
import type { Executor } from '../../db/client.js';
import { feeSchedule } from '../../db/schema/index.js';
import { audit } from '../audit/service.js';

/** The schedule in force: the operator's stored one, or the defaults (ruling 4). */
export async function currentFeeSchedule(db: Executor): Promise<FeeSchedule> {
  const [row] = await db.select().from(feeSchedule).where(eq(feeSchedule.id, 1)).limit(1);
  return row?.schedule ?? DEFAULT_FEE_SCHEDULE;
}

export async function saveFeeSchedule(
  db: Executor,
  actor: { id: string; role: string },
  schedule: FeeSchedule,
  ip: string,
): Promise<void> {
  await db
    .insert(feeSchedule)
    .values({ id: 1, schedule, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: feeSchedule.id,
      set: { schedule, updatedBy: actor.id, updatedAt: new Date() },
    });
  await audit(db, {
    actor,
    action: 'fees.update',
    targetType: 'fee_schedule',
    targetId: '1',
    ip,
    details: { schedule },
  });
}
