import {
  BarChart3,
  ClipboardCheck,
  DollarSign,
  FileCheck2,
  FileText,
  Gauge,
  Hourglass,
  type LucideIcon,
  MonitorPlay,
  NotebookText,
  ScrollText,
  Search,
  Stethoscope,
  Tags,
  UserCog,
  Users,
  Video,
  Workflow,
} from 'lucide-react';
import {
  ACCESS,
  type AccessName,
  allows,
  effectivePermissions,
  isAdminRole,
  isStaffRole,
  type Permission,
  ROLE_DEFAULT_PERMISSIONS,
  type Role,
} from '../../shared/roles';
import type { CurrentUser } from '../../shared/schemas/auth';
import type { ConsoleCounts } from '../../shared/schemas/console-counts';

// The staff console's areas (issue 12): one table read by the sidebar, the router's guards and
// the /admin/dashboard redirect, so a link is offered exactly where its page lets the user in.
// Each check mirrors the server's rule for the calls the page makes (ruling 3's ACCESS table).

/** Whose areas the sidebar shows: the signed-in user, or the role a master admin previews. */
export interface ConsoleViewer {
  role: Role;
  permissions: readonly Permission[];
}

export const viewerOf = (user: CurrentUser): ConsoleViewer => ({
  role: user.role,
  permissions: effectivePermissions(user.role, user.permissions),
});

/** A previewed role holds its default permissions (a preview grants nothing on the server). */
export const previewViewer = (role: Role): ConsoleViewer => ({
  role,
  permissions: isAdminRole(role) ? ROLE_DEFAULT_PERMISSIONS[role] : [],
});

type AreaCheck = (viewer: ConsoleViewer) => boolean;

/** An admin-family page behind one permission (the dashboard's former tabs). */
const permission =
  (p: Permission): AreaCheck =>
  (viewer) =>
    isAdminRole(viewer.role) && viewer.permissions.includes(p);
const access =
  (name: AccessName): AreaCheck =>
  (viewer) =>
    allows(ACCESS[name], viewer);

export type ConsoleGroup = 'Patients' | 'Insight' | 'Administration';
export const CONSOLE_GROUPS: readonly ConsoleGroup[] = ['Patients', 'Insight', 'Administration'];

export interface ConsoleArea {
  /** The sidebar's words; also the page's h1 and <title> unless `title` says otherwise. */
  label: string;
  title?: string;
  path: string;
  icon: LucideIcon;
  group: ConsoleGroup;
  allowed: AreaCheck;
  /** The live badge beside the link, and how it reads to a screen reader. */
  count?: { name: keyof ConsoleCounts; spoken: (n: number) => string };
}

const waitingCount = { name: 'waiting', spoken: (n: number) => `${n} waiting` } as const;

export const CONSOLE_AREAS = {
  queue: {
    label: 'My Queue',
    title: 'Doctor Dashboard',
    path: '/doctor/dashboard',
    icon: Stethoscope,
    group: 'Patients',
    allowed: (viewer) => viewer.role === 'doctor',
    count: waitingCount,
  },
  meetings: {
    label: 'My Meetings',
    path: '/admin/meetings',
    icon: Users,
    group: 'Patients',
    allowed: permission('meetings'),
  },
  waiting: {
    label: 'Waiting Room',
    path: '/admin/waiting',
    icon: Hourglass,
    group: 'Patients',
    allowed: permission('waiting'),
    count: waitingCount,
  },
  followUp: {
    label: 'Post-Consultation',
    path: '/admin/follow-up',
    icon: ClipboardCheck,
    group: 'Patients',
    allowed: permission('post_consultation'),
    count: { name: 'followUp', spoken: (n) => `${n} to follow up` },
  },
  transcriptions: {
    label: 'Patient Transcriptions',
    path: '/admin/transcriptions',
    icon: NotebookText,
    group: 'Patients',
    allowed: permission('transcriptions'),
  },
  documents: {
    label: 'Documents',
    title: 'Document Management Center',
    path: '/admin/documents',
    icon: FileText,
    group: 'Patients',
    // A doctor reviews the documents of the patients being seen (the server scopes the lists).
    allowed: access('documents'),
    count: { name: 'documentsToReview', spoken: (n) => `${n} to review` },
  },
  stateApplications: {
    label: 'State Applications',
    path: '/admin/state-applications',
    icon: FileCheck2,
    group: 'Patients',
    // Document staff, no doctors (issue 22): the same rule as the desk's routes.
    allowed: access('stateApplications'),
    count: { name: 'stateApplicationsDue', spoken: (n) => `${n} due soon` },
  },
  videoSessions: {
    label: 'Video Sessions',
    path: '/video-sessions',
    icon: Video,
    group: 'Patients',
    allowed: (viewer) => isStaffRole(viewer.role),
  },
  analytics: {
    label: 'Analytics',
    path: '/admin/analytics',
    icon: BarChart3,
    group: 'Insight',
    allowed: permission('analytics'),
  },
  automated: {
    label: 'Automated Operations',
    title: 'Automated Operations Dashboard',
    path: '/admin/automated',
    icon: Gauge,
    group: 'Insight',
    allowed: permission('analytics'),
  },
  production: {
    label: 'Production Operations',
    title: 'Production Operations Center',
    path: '/admin/production',
    icon: Workflow,
    group: 'Insight',
    allowed: permission('analytics'),
  },
  searchNotes: {
    label: 'Search Notes',
    path: '/admin/search-notes',
    icon: Search,
    group: 'Insight',
    allowed: permission('search_notes'),
  },
  users: {
    label: 'User Management',
    path: '/admin/users',
    icon: UserCog,
    group: 'Administration',
    allowed: permission('users'),
  },
  audit: {
    label: 'Audit Trail',
    path: '/admin/audit',
    icon: ScrollText,
    group: 'Administration',
    allowed: access('auditTrail'),
  },
  fees: {
    label: 'Fee Schedule',
    path: '/admin/fees',
    icon: DollarSign,
    group: 'Administration',
    allowed: permission('financial'),
  },
  keywords: {
    label: 'Keyword Manager',
    path: '/admin/keywords',
    icon: Tags,
    group: 'Administration',
    allowed: permission('keywords'),
  },
  demo: {
    label: 'Live Demo',
    path: '/admin/demo',
    icon: MonitorPlay,
    group: 'Administration',
    allowed: permission('demo'),
  },
} as const satisfies Record<string, ConsoleArea>;
export type ConsoleAreaKey = keyof typeof CONSOLE_AREAS;

/** A staff member's own account page (change password), linked below the sidebar's areas. */
export const STAFF_ACCOUNT_PATH = '/admin/account';

const ALL_AREAS: readonly ConsoleArea[] = Object.values(CONSOLE_AREAS);

export const areaTitle = (area: ConsoleArea) => area.title ?? area.label;

/** The areas a viewer may open, in the sidebar's order. */
export const areasFor = (viewer: ConsoleViewer): ConsoleArea[] =>
  ALL_AREAS.filter((area) => area.allowed(viewer));

/** A staff member's home: their first area (where /admin/dashboard and sign-in send them). */
export const homeAreaFor = (viewer: ConsoleViewer): ConsoleArea | undefined => areasFor(viewer)[0];

/** The router's guard for an area: the same check the sidebar applies. */
export const mayOpen =
  (key: ConsoleAreaKey) =>
  (user: CurrentUser): boolean =>
    CONSOLE_AREAS[key].allowed(viewerOf(user));
