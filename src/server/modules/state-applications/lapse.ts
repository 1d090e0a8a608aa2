import { and, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { stateApplications } from '../../db/schema/index.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { clinicToday } from './queries.js';

// Upkeep (hourly): an application still to send whose window passed is written `lapsed`
// (issue 22). Reads already show it so (effectiveStatus); this keeps the stored status, the
// counts and the reports true without the clock. No email: the desk refunds the state fee,
// and that refund tells the patient.

export async function persistLapsed(ctx: AppContext): Promise<number> {
  const today = clinicToday(ctx);
  return ctx.db.transaction(async (tx) => {
    const lapsed = await tx
      .update(stateApplications)
      .set({ status: 'lapsed', updatedAt: new Date(ctx.now()) })
      .where(
        and(
          inArray(stateApplications.status, ['preparing', 'rejected']),
          lt(sql`coalesce(${stateApplications.resubmitBy}, ${stateApplications.submitBy})`, today),
        ),
      )
      .returning({ id: stateApplications.id, patientId: stateApplications.patientId });
    for (const row of lapsed)
      await audit(tx, {
        action: 'state_application.lapsed',
        targetType: 'state_application',
        targetId: row.id,
        patientIds: await patientUserIds(tx, { profileIds: [row.patientId] }),
      });
    return lapsed.length;
  });
}
