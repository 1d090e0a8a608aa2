import { desc, eq } from 'drizzle-orm';
import type { ChartConsultation } from '../../../shared/schemas/consultation-room.js';
import type { Executor } from '../../db/client.js';
import { consultations, users } from '../../db/schema/index.js';
import { doctorName } from '../follow-up/queries.js';

// The patient's consultations as the chart lists them (issue 12): newest first, the live one
// included, each with its physician, outcome, the identity check and the physician's notes.
// Part of the patient record, whose read is audited (staff-patients.ts).

export async function chartConsultations(
  db: Executor,
  patientId: string,
): Promise<ChartConsultation[]> {
  const rows = await db
    .select({
      c: consultations,
      doctorFirstName: users.firstName,
      doctorLastName: users.lastName,
    })
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.doctorId))
    .where(eq(consultations.patientId, patientId))
    .orderBy(desc(consultations.startedAt), desc(consultations.id));
  return rows.map(({ c, ...doctor }) => ({
    id: c.id,
    applicationId: c.applicationId,
    doctorName: doctorName(doctor),
    startedAt: c.startedAt.toISOString(),
    endedAt: c.endedAt?.toISOString() ?? null,
    outcome: (c.outcome as ChartConsultation['outcome']) ?? null,
    outcomeReason: c.outcomeReason,
    identityVerifiedAt: c.identityVerifiedAt?.toISOString() ?? null,
    notes: c.physicianNotes,
  }));
}
