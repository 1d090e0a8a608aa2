import type { CurrentUser } from '../../../shared/schemas/auth.js';
import { AppError } from '../../errors.js';

// Consultation ownership (issue 10, defect 10): once a patient is assigned to a physician
// (admitted to them, or reassigned to them by a doctor admin or admin), admitting, rejecting,
// starting and ending belong to that physician. Another doctor gets 403: taking the patient
// over would also open the patient's record to them (consultations/access.ts). Staff of the
// admin family who run consultations act for the clinic (ruling 3) and are not limited here;
// moving a patient to another physician is the reassign call's job (reassign.ts).

export const ASSIGNED_ELSEWHERE = 'This patient is assigned to another physician';

export function assertAssignedPhysician(
  actor: Pick<CurrentUser, 'id' | 'role'>,
  assignedDoctorId: string | null,
): void {
  if (actor.role !== 'doctor' || !assignedDoctorId || assignedDoctorId === actor.id) return;
  throw new AppError('FORBIDDEN', ASSIGNED_ELSEWHERE);
}
