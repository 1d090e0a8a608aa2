import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  ADMIN_ROLES,
  allows,
  DEFAULT_NEW_USER_ROLE,
  effectivePermissions,
  homePathFor,
  isAdminRole,
  isMasterRole,
  isStaffRole,
  MASTER_ROLES,
  PERMISSIONS,
  ROLE_DEFAULT_PERMISSIONS,
  ROLES,
  type Role,
  STAFF_ROLES,
} from './roles.js';

describe('effectivePermissions', () => {
  it.each(MASTER_ROLES)('gives %s every permission, whatever is stored', (role) => {
    expect(effectivePermissions(role, null)).toEqual([...PERMISSIONS]);
    expect(effectivePermissions(role, [])).toEqual([...PERMISSIONS]);
    expect(effectivePermissions(role, ['meetings'])).toEqual([...PERMISSIONS]);
  });

  it('gives the other admin roles their defaults when nothing is stored', () => {
    for (const role of ['operations_admin', 'doctor_admin', 'admin_assistant'] as const) {
      const held = effectivePermissions(role, null);
      expect(new Set(held)).toEqual(new Set(ROLE_DEFAULT_PERMISSIONS[role]));
      // Always in the matrix's order, so the dashboard's tabs do not move around.
      expect(held).toEqual(PERMISSIONS.filter((p) => held.includes(p)));
    }
  });

  it('uses stored boxes for the other admin roles, dropping unknown names', () => {
    expect(effectivePermissions('operations_admin', ['users', 'meetings'])).toEqual([
      'meetings',
      'users',
    ]);
    expect(effectivePermissions('admin_assistant', [])).toEqual([]);
    expect(effectivePermissions('doctor_admin', ['root', 'financial'])).toEqual(['financial']);
  });

  it.each(['doctor', 'patient'] as const)('gives a %s no permissions at all', (role) => {
    expect(effectivePermissions(role, null)).toEqual([]);
    expect(effectivePermissions(role, ['users', 'financial'])).toEqual([]);
  });
});

describe('role defaults (staff-and-video.md §6, ruling 2)', () => {
  it('gives admin exactly what master_admin has', () => {
    expect(ROLE_DEFAULT_PERMISSIONS.admin).toEqual(ROLE_DEFAULT_PERMISSIONS.master_admin);
    expect([...ROLE_DEFAULT_PERMISSIONS.master_admin]).toEqual([...PERMISSIONS]);
  });

  it('keeps users and financial away from the other admin roles by default', () => {
    for (const role of ['operations_admin', 'doctor_admin', 'admin_assistant'] as const) {
      expect(ROLE_DEFAULT_PERMISSIONS[role]).not.toContain('users');
      expect(ROLE_DEFAULT_PERMISSIONS[role]).not.toContain('financial');
    }
    expect([...ROLE_DEFAULT_PERMISSIONS.doctor_admin]).toEqual(['meetings', 'analytics']);
  });

  it('creates new users as administrative assistants', () => {
    expect(DEFAULT_NEW_USER_ROLE).toBe('admin_assistant');
  });

  it('classifies roles', () => {
    expect(ROLES.filter(isAdminRole)).toEqual([...ADMIN_ROLES]);
    expect(ROLES.filter(isStaffRole).sort()).toEqual([...STAFF_ROLES].sort());
    expect(ROLES.filter(isMasterRole)).toEqual(['admin', 'master_admin']);
    expect(isStaffRole('patient')).toBe(false);
    expect(isAdminRole('doctor')).toBe(false);
  });
});

describe('allows (ruling 3)', () => {
  const as = (role: Role, stored: string[] | null = null) => ({
    role,
    permissions: effectivePermissions(role, stored),
  });

  it('is met by any listed permission or any listed role', () => {
    expect(allows(ACCESS.readMeetings, as('doctor'))).toBe(true); // by role
    expect(allows(ACCESS.readMeetings, as('admin_assistant'))).toBe(true); // by `waiting`
    expect(allows(ACCESS.readMeetings, as('doctor_admin'))).toBe(true); // by `meetings`
    expect(allows(ACCESS.readMeetings, as('admin_assistant', ['documents']))).toBe(false);
    expect(allows(ACCESS.readMeetings, as('patient'))).toBe(false);
  });

  it('keeps the medical outcome to doctors and doctor admins, masters included out', () => {
    const holders = ROLES.filter((r) => allows(ACCESS.recordOutcome, as(r)));
    expect(holders).toEqual(['doctor', 'doctor_admin']);
  });

  it('opens `users` to master roles and to whoever holds the box', () => {
    expect(ROLES.filter((r) => allows(ACCESS.users, as(r)))).toEqual(['admin', 'master_admin']);
    expect(allows(ACCESS.users, as('operations_admin', ['users']))).toBe(true);
    expect(allows(ACCESS.users, as('doctor', ['users']))).toBe(false);
  });

  it('lets every staff role, and no patient, pass the staff rule', () => {
    expect(ROLES.filter((r) => allows(ACCESS.staff, as(r))).sort()).toEqual(
      [...STAFF_ROLES].sort(),
    );
  });

  it('refuses a rule that lists nothing', () => {
    expect(allows({}, as('master_admin'))).toBe(false);
  });
});

describe('homePathFor (ruling 2)', () => {
  it('sends each role to its dashboard and the signed-out to sign-in', () => {
    expect(homePathFor(null)).toBe('/login');
    expect(homePathFor(undefined)).toBe('/login');
    expect(homePathFor('patient')).toBe('/patient/dashboard');
    expect(homePathFor('doctor')).toBe('/doctor/dashboard');
    for (const role of ADMIN_ROLES) expect(homePathFor(role)).toBe('/admin/dashboard');
  });
});
