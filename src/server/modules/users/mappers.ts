import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages.js';
import { effectivePermissions, isPhysicianRole, type Role } from '../../../shared/roles.js';
import type { CurrentUser, PatientProfile } from '../../../shared/schemas/auth.js';
import type { AdminUser } from '../../../shared/schemas/users.js';
import type { PatientProfileRow, UserRow } from '../../db/schema/index.js';

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as Role,
    permissions: effectivePermissions(row.role as Role, row.permissions),
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    licenseNumber: row.licenseNumber,
    npi: row.npi,
    ommaRegistrationNumber: row.ommaRegistrationNumber,
    ommaRegistrationExpiresOn: row.ommaRegistrationExpiresOn,
    officeAddress: row.officeAddress,
    licensingBoard: row.licensingBoard,
    mfaEnrolled: row.mfaEnrolledAt !== null,
    queueReminders: row.queueReminders,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    languages: isPhysicianRole(row.role as Role) ? consultLanguages(row.languages) : null,
  };
}

/** A physician's consulting languages: English until user management says otherwise. */
function consultLanguages(stored: string[] | null): Language[] {
  const known = (stored ?? []).filter(isLanguage);
  return known.length > 0 ? known : [DEFAULT_LANGUAGE];
}

export function toPatientProfile(row: PatientProfileRow): PatientProfile {
  return {
    id: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    phone: row.phone,
    address: row.address,
    apartment: row.apartment,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
  };
}

export function toCurrentUser(row: UserRow, profile: PatientProfileRow | null): CurrentUser {
  return { ...toAdminUser(row), patient: profile ? toPatientProfile(profile) : null };
}
