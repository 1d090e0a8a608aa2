import type { PatientProfile } from '../../../shared/schemas/auth';

// Ruling 19: paying and applying need an Oklahoma address on file. The server refuses
// otherwise with the same message; the pages say it first and link to the address form.
export const OKLAHOMA_REQUIRED = 'Oklahoma residency is required for an Oklahoma license';

export const hasOklahomaAddress = (p: PatientProfile | null | undefined): boolean =>
  !!p && p.state === 'OK' && !!p.address && !!p.city && !!p.zipCode;

/** The dashboard's Profile tab with the address form open. */
export const UPDATE_ADDRESS_PATH = '/patient/dashboard?tab=profile&edit=address';
