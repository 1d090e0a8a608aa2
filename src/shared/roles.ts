// Roles and the permission matrix: the one definition used by the server guards, the admin
// dashboard's tab set and the tests (staff-and-video.md §6, spec README rulings 2 and 3).

export const ROLES = [
  'patient',
  'doctor',
  'admin',
  'master_admin',
  'operations_admin',
  'doctor_admin',
  'admin_assistant',
] as const;
export type Role = (typeof ROLES)[number];

/** The admin family (ruling 2): every one of them may open /admin/dashboard. */
export const ADMIN_ROLES = [
  'admin',
  'master_admin',
  'operations_admin',
  'doctor_admin',
  'admin_assistant',
] as const satisfies readonly Role[];
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const STAFF_ROLES = ['doctor', ...ADMIN_ROLES] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `admin` has exactly master_admin's permissions (ruling 2). */
export const MASTER_ROLES = ['admin', 'master_admin'] as const satisfies readonly Role[];

// No `consultations`: the spec's checkbox guarded nothing (issue 21); migration 0010 removed
// it from stored permissions.
export const PERMISSIONS = [
  'meetings',
  'waiting',
  'transcriptions',
  'documents',
  'post_consultation',
  'search_notes',
  'users',
  'demo',
  'keywords',
  'analytics',
  'financial',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Default tab set per admin role (staff-and-video.md §6). */
export const ROLE_DEFAULT_PERMISSIONS: Record<AdminRole, readonly Permission[]> = {
  master_admin: PERMISSIONS,
  admin: PERMISSIONS,
  operations_admin: [
    'meetings',
    'waiting',
    'demo',
    'keywords',
    'analytics',
    'transcriptions',
    'documents',
  ],
  doctor_admin: ['meetings', 'analytics'],
  admin_assistant: ['transcriptions', 'documents', 'post_consultation', 'search_notes', 'waiting'],
};

export const ROLE_LABELS: Record<Role, string> = {
  patient: 'Patient',
  doctor: 'Doctor',
  admin: 'Admin',
  master_admin: 'Master Admin',
  operations_admin: 'Operations Admin',
  doctor_admin: 'Doctor Admin',
  admin_assistant: 'Administrative Assistant',
};

export const ROLE_DESCRIPTIONS: Partial<Record<Role, string>> = {
  master_admin: 'Complete access and user creation',
  admin: 'Complete access and user creation',
  operations_admin: 'No financial data or user management',
  doctor_admin: 'Meetings and personal analytics',
  admin_assistant: 'Transcriptions, documents and follow-up',
  doctor: 'Waiting list, consultations and video',
};

export const PERMISSION_LABELS: Record<Permission, string> = {
  meetings: 'My Meetings',
  waiting: 'Waiting Room',
  transcriptions: 'Patient Transcriptions',
  documents: 'Document Management',
  post_consultation: 'Post-Consultation',
  search_notes: 'Search Notes',
  users: 'User Management',
  demo: 'Live Demo',
  keywords: 'Keyword Manager',
  analytics: 'Analytics',
  financial: 'Financial',
};

/** New users default to admin_assistant (staff-and-video.md §5, §9). */
export const DEFAULT_NEW_USER_ROLE: AdminRole = 'admin_assistant';

export const isAdminRole = (role: string): role is AdminRole =>
  (ADMIN_ROLES as readonly string[]).includes(role);
export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);
export const isMasterRole = (role: string): boolean =>
  (MASTER_ROLES as readonly string[]).includes(role);

/**
 * The permissions a user actually holds. Master roles always hold all of them, so nobody
 * can lock the clinic out by unticking boxes; other admin roles hold what is stored (the role
 * gives the defaults); doctors and patients hold none: their access is fixed by role.
 */
export function effectivePermissions(role: Role, stored: readonly string[] | null): Permission[] {
  if (isMasterRole(role)) return [...PERMISSIONS];
  if (!isAdminRole(role)) return [];
  const source = stored ?? ROLE_DEFAULT_PERMISSIONS[role];
  return PERMISSIONS.filter((p) => source.includes(p));
}

/**
 * Who may call what (ruling 3). A rule is met by holding any listed permission or any listed
 * role. The server guard and the client's menus both read this table.
 */
export interface AccessRule {
  permissions?: readonly Permission[];
  roles?: readonly Role[];
  /** Every one of these permissions is needed (patient data in user management, ruling 3). */
  allPermissions?: readonly Permission[];
  /** Refused whatever permissions they were given (the desk is not a physician's, issue 22). */
  exceptRoles?: readonly Role[];
}

const PHYSICIANS: readonly Role[] = ['doctor', 'doctor_admin'];

/** Doctors and doctor admins: they consult, and carry the languages they consult in (issue 24). */
export const isPhysicianRole = (role: Role): boolean => PHYSICIANS.includes(role);

export const ACCESS = {
  readMeetings: { permissions: ['meetings', 'waiting'], roles: ['doctor'] },
  admitOrReject: { permissions: ['waiting'], roles: ['doctor'] },
  runConsultation: { permissions: ['meetings'], roles: ['doctor'] },
  recordOutcome: { roles: ['doctor', 'doctor_admin'] },
  /** Moving a waiting or admitted patient to another physician (issue 10). */
  reassignPatient: { roles: ['doctor_admin', 'admin', 'master_admin'] },
  postConsultation: { permissions: ['post_consultation'] },
  /** The task board also appears on the operations dashboard (ruling 3: analytics). */
  postConsultationBoard: { permissions: ['post_consultation', 'analytics'] },
  transcriptions: { permissions: ['transcriptions'] },
  keywords: { permissions: ['keywords'] },
  searchNotes: { permissions: ['search_notes'] },
  documents: { permissions: ['documents'], roles: ['doctor'] },
  /** Consultation recordings are stored like documents (a doctor sees their own). */
  recordings: { permissions: ['documents'], roles: ['doctor'] },
  /**
   * The State Applications desk (issue 22): the clinic's staff prepare and follow patients'
   * OMMA applications. Document staff only: a physician signs the recommendation and has no
   * part in submitting it, so doctors and doctor admins are refused.
   */
  stateApplications: { permissions: ['documents'], exceptRoles: PHYSICIANS },
  /** Refunding a state fee from the desk is money as well: `documents` and `financial`. */
  stateFeeRefund: { allPermissions: ['documents', 'financial'], exceptRoles: PHYSICIANS },
  analytics: { permissions: ['analytics'] },
  financial: { permissions: ['financial'] },
  users: { permissions: ['users'] },
  /** Patients' accounts in user management: patient data needs `documents` too (ruling 3). */
  patientAccounts: { allPermissions: ['users', 'documents'] },
  staff: { roles: STAFF_ROLES },
  /** The audit trail: who did what to whose record (issue 13). */
  auditTrail: { roles: MASTER_ROLES },
  /** Resetting another staff member's second factor (issue 13): master roles alone. */
  resetMfa: { roles: MASTER_ROLES },
} as const satisfies Record<string, AccessRule>;
export type AccessName = keyof typeof ACCESS;

export function allows(
  rule: AccessRule,
  user: { role: Role; permissions: readonly Permission[] },
): boolean {
  if (rule.exceptRoles?.includes(user.role)) return false;
  if (rule.roles?.includes(user.role)) return true;
  if (rule.allPermissions) return rule.allPermissions.every((p) => user.permissions.includes(p));
  return rule.permissions?.some((p) => user.permissions.includes(p)) ?? false;
}

/** Where each role lands after sign-in and at `/` (ruling 2). */
export function homePathFor(role: Role | null | undefined): string {
  if (!role) return '/login';
  if (role === 'patient') return '/patient/dashboard';
  if (role === 'doctor') return '/doctor/dashboard';
  if (isAdminRole(role)) return '/admin/dashboard';
  return '/login';
}
