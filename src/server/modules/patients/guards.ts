import type { FastifyRequest } from 'fastify';
import type { PatientProfile } from '../../../shared/schemas/auth.js';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';

/** The signed-in patient's profile; staff and accounts without one are refused. */
export function currentPatient(
  request: FastifyRequest,
): PatientProfile & { userId: string; email: string } {
  const user = currentUser(request);
  if (user.role !== 'patient') throw new AppError('FORBIDDEN', 'This is for patients only');
  if (!user.patient)
    throw new AppError('FORBIDDEN', 'Patient profile not found. Please complete registration.');
  return { ...user.patient, userId: user.id, email: user.email };
}

export const OKLAHOMA_REQUIRED = 'Oklahoma residency is required for an Oklahoma license';

/** Paying and applying need an Oklahoma address on file (ruling 19). */
export function assertOklahomaAddress(profile: PatientProfile): void {
  if (profile.state !== 'OK' || !profile.address || !profile.city || !profile.zipCode)
    throw new AppError('BAD_REQUEST', OKLAHOMA_REQUIRED);
}
