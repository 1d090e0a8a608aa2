import { isIsoDate } from './dates.js';

// Oklahoma's rule for who may sign a recommendation (SB 1066, 2025, in force 1 January 2026):
// a physician registered with OMMA, whose registration has not expired. One definition for the
// server's refusal, the user list and the doctor's console warning (issue 12).

/** The doctor's console warns this many days before the registration expires. */
export const OMMA_WARNING_DAYS = 30;

export type OmmaRegistrationState = 'missing' | 'expired' | 'expiring' | 'current';

export interface OmmaRegistration {
  ommaRegistrationNumber?: string | null;
  ommaRegistrationExpiresOn?: string | null;
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to `expiresOn` (both ISO dates); negative once past. */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round(
    (Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
  );
}

/**
 * A registration is current through its expiry date (the last day it is valid), expiring in
 * the last OMMA_WARNING_DAYS of that, and expired from the day after.
 */
export function ommaRegistrationState(
  registration: OmmaRegistration,
  today: string,
): OmmaRegistrationState {
  const number = registration.ommaRegistrationNumber?.trim();
  const expiresOn = registration.ommaRegistrationExpiresOn;
  if (!number || !expiresOn || !isIsoDate(expiresOn)) return 'missing';
  const days = daysUntil(expiresOn, today);
  if (days < 0) return 'expired';
  return days <= OMMA_WARNING_DAYS ? 'expiring' : 'current';
}

/** Whether the physician may sign a recommendation today. */
export const maySignRecommendation = (registration: OmmaRegistration, today: string): boolean => {
  const state = ommaRegistrationState(registration, today);
  return state === 'current' || state === 'expiring';
};

export const OMMA_REGISTRATION_REQUIRED_MESSAGE =
  'Only a physician with a current OMMA registration may approve a recommendation. Ask a master admin to record your OMMA registration number and its expiry date.';

export const IDENTITY_NOT_VERIFIED_MESSAGE =
  "Confirm that you checked the patient's identity against their government ID and photo before approving";

// The recommendation as OMMA reads it (issue 22, OAC 442:10): a caregiver may be designated only
// when the physician certifies the patient is homebound, so the outcome of a patient who asked
// for a caregiver says whether they are; the caregiver is printed only when they are.

/** The outcome form's checkbox, shown when the application names a caregiver. */
export const HOMEBOUND_LABEL = 'The patient is homebound (needed to designate the caregiver)';

export const HOMEBOUND_REQUIRED_MESSAGE =
  'This patient asked for a caregiver: say whether the patient is homebound. OMMA accepts a caregiver only when the physician certifies the patient is homebound.';

/** The boards that license Oklahoma's physicians (MD and DO), as the recommendation names them. */
export const LICENSING_BOARDS = [
  'Oklahoma State Board of Medical Licensure and Supervision',
  'Oklahoma State Board of Osteopathic Examiners',
] as const;
export type LicensingBoard = (typeof LICENSING_BOARDS)[number];

/**
 * A physician's office address, printed on the recommendation (issue 22): a doctor without one
 * can still approve, and their console warns until it is filled in.
 */
export const OFFICE_ADDRESS_MISSING = {
  title: 'No office address is recorded for you.',
  body: 'OMMA reads your office address on the recommendations you sign. You can still approve recommendations; ask a master admin to add your office address to your account.',
} as const;

export const hasOfficeAddress = (physician: { officeAddress?: string | null }) =>
  !!physician.officeAddress?.trim();
