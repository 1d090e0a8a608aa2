import { type ApplicationType, chargeFor } from '../../../shared/fees.js';
import type { Executor } from '../../db/client.js';
import { type ApplicationRow, applications } from '../../db/schema/index.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { currentFeeSchedule } from '../fees/service.js';

/** A new open, unpaid application priced from the schedule (ruling 14). */
export async function createOpenApplication(
  tx: Executor,
  args: {
    patientId: string;
    type: ApplicationType;
    reduced: boolean;
    actor: { id: string; role: string };
    ip: string;
  },
): Promise<ApplicationRow> {
  const fee = chargeFor(await currentFeeSchedule(tx), args.type, args.reduced);
  const [row] = await tx
    .insert(applications)
    .values({
      patientId: args.patientId,
      type: args.type,
      amountCents: fee.totalCents,
      hasReducedFee: args.reduced,
    })
    .returning();
  await audit(tx, {
    actor: args.actor,
    action: 'application.create',
    targetType: 'application',
    targetId: row!.id,
    ip: args.ip,
    patientIds: await patientUserIds(tx, { profileIds: [args.patientId] }),
  });
  return row!;
}
