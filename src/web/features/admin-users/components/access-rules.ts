import {
  isAdminRole,
  isMasterRole,
  MASTER_ROLES,
  PERMISSIONS,
  type Permission,
  ROLE_DEFAULT_PERMISSIONS,
  type Role,
  STAFF_ROLES,
  type StaffRole,
} from '../../../../shared/roles';

// What the signed-in user may do here mirrors the server's rules (ruling 2): only master roles
// change permissions or hand out master roles. The server decides; this only shapes the form.

export function assignableRoles(actorRole: Role): StaffRole[] {
  if (isMasterRole(actorRole)) return [...STAFF_ROLES];
  return STAFF_ROLES.filter((r) => !(MASTER_ROLES as readonly string[]).includes(r));
}

export function canEditPermissions(actorRole: Role): boolean {
  return isMasterRole(actorRole);
}

/** A non-master may not touch a master account. */
export function canManage(actorRole: Role, targetRole: Role): boolean {
  return isMasterRole(actorRole) || !isMasterRole(targetRole);
}

export function defaultPermissionsFor(role: Role): Permission[] {
  if (isMasterRole(role)) return [...PERMISSIONS];
  if (isAdminRole(role)) return [...ROLE_DEFAULT_PERMISSIONS[role]];
  return [];
}
