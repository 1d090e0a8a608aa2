import { and, eq, gt, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { Executor } from '../../db/client.js';
import { consultations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

// A doctor reaches only the records of the patient being seen (ruling 2): a patient whose
// consultation with that doctor started within the last 12 hours.

const RECENT = sql`now() - interval '12 hours'`;

export async function isSeeing(
  db: Executor,
  doctorId: string,
  patientId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(
        eq(consultations.doctorId, doctorId),
        eq(consultations.patientId, patientId),
        gt(consultations.startedAt, RECENT),
      ),
    )
    .limit(1);
  return !!row;
}

/** Patients a doctor is seeing now (for filtering lists). */
export async function patientsSeenBy(db: Executor, doctorId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ patientId: consultations.patientId })
    .from(consultations)
    .where(and(eq(consultations.doctorId, doctorId), gt(consultations.startedAt, RECENT)));
  return rows.map((r) => r.patientId);
}

/** Staff with the permission pass; a doctor passes only for the patient being seen; else 404. */
export async function assertMayReadPatient(
  db: Executor,
  user: CurrentUser,
  patientId: string,
): Promise<void> {
  if (user.role !== 'doctor') return;
  if (!(await isSeeing(db, user.id, patientId)))
    throw new AppError('NOT_FOUND', 'Patient record not found');
}
