import type { FastifyRequest } from 'fastify';
import type { CurrentUser, PatientProfile } from '../../../shared/schemas/auth.js';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';

export type SignedInPatient = Readonly<PatientProfile & { userId: string; email: string }>;

// One view per loaded user object: the session cache keeps the same CurrentUser for a few
// seconds and replaces it when it reloads (or a profile change forgets it), so a patient's
// polling reads this view instead of copying the whole profile on every request (issue 23).
const views = new WeakMap<CurrentUser, SignedInPatient>();

/** The signed-in patient's profile; staff and accounts without one are refused. */
export function currentPatient(request: FastifyRequest): SignedInPatient {
  const user = currentUser(request);
  const known = views.get(user);
  if (known) return known;
  if (user.role !== 'patient') throw new AppError('FORBIDDEN', 'This is for patients only');
  if (!user.patient)
    throw new AppError('FORBIDDEN', 'Patient profile not found. Please complete registration.');
  const view = Object.freeze({ ...user.patient, userId: user.id, email: user.email });
  views.set(user, view);
  return view;
}

export const OKLAHOMA_REQUIRED = 'Oklahoma residency is required for an Oklahoma license';

/** Paying and applying need an Oklahoma address on file (ruling 19). */
export function assertOklahomaAddress(profile: PatientProfile): void {
  if (profile.state !== 'OK' || !profile.address || !profile.city || !profile.zipCode)
    throw new AppError('BAD_REQUEST', OKLAHOMA_REQUIRED);
}
