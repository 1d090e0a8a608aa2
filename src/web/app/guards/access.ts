import {
  effectivePermissions,
  isAdminRole,
  isStaffRole,
  type Permission,
} from '../../../shared/roles';
import type { CurrentUser } from '../../../shared/schemas/auth';

// Client-side route rules (patient-side.md §2.2 with ruling 2). A convenience only: the server
// answers 401/403 on its own (DESIGN.md principle 1).
export type AccessCheck = (user: CurrentUser) => boolean;

export const anySignedIn: AccessCheck = () => true;
export const isPatient: AccessCheck = (user) => user.role === 'patient';
export const isDoctor: AccessCheck = (user) => user.role === 'doctor';
export const isAdminFamily: AccessCheck = (user) => isAdminRole(user.role);
export const isStaff: AccessCheck = (user) => isStaffRole(user.role);
export const isClinicalStaff: AccessCheck = (user) =>
  isAdminRole(user.role) || user.role === 'doctor';

export function userPermissions(user: CurrentUser): Permission[] {
  return effectivePermissions(user.role, user.permissions);
}
