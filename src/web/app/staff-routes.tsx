import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { isAdminFamily, isClinicalStaff, isDoctor, isStaff } from './guards/access';
import { guarded } from './guards/guarded';
import { RoomLayout } from './layouts/room-layout';
import { StaffConsoleLayout } from './layouts/staff-console-layout';
import { CONSOLE_AREAS, type ConsoleAreaKey, mayOpen, STAFF_ACCOUNT_PATH } from './staff-nav';
import * as Staff from './staff-pages';

// The staff's routes (staff-and-video.md §2), loaded only when a staff path is opened
// (router.tsx, staff-paths.ts): a patient's browser never downloads them.

/** An area of the staff console, guarded by the check its sidebar link uses (staff-nav.ts). */
const area = (key: ConsoleAreaKey, element: ReactNode): RouteObject =>
  guarded(mayOpen(key), [{ path: CONSOLE_AREAS[key].path, element }]);

/**
 * The staff console (issue 12): every staff page in one frame with its sidebar. The former
 * dashboard tabs are pages of their own; /admin/dashboard opens the user's first area.
 */
const consoleRoutes: RouteObject[] = [
  guarded(isAdminFamily, [
    { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
    { path: '/admin/dashboard', element: <Staff.ConsoleHome /> },
  ]),
  area('meetings', <Staff.AreaPage area="meetings" />),
  area('waiting', <Staff.AreaPage area="waiting" />),
  area('followUp', <Staff.AreaPage area="followUp" />),
  area('transcriptions', <Staff.AreaPage area="transcriptions" />),
  area('documents', <Staff.AdminDocumentsPage />),
  area('stateApplications', <Staff.StateApplicationsPage />),
  area('videoSessions', <Staff.VideoSessionsPage />),
  area('analytics', <Staff.AreaPage area="analytics" />),
  area('automated', <Staff.AutomatedOperationsPage />),
  area('production', <Staff.ProductionOperationsPage />),
  area('searchNotes', <Staff.AreaPage area="searchNotes" />),
  area('users', <Staff.AdminUsersPage />),
  area('audit', <Staff.AuditTrailPage />),
  area('fees', <Staff.FeeSchedulePage />),
  area('keywords', <Staff.AreaPage area="keywords" />),
  area('demo', <Staff.AreaPage area="demo" />),
  guarded(isClinicalStaff, [
    { path: '/admin/consultation', element: <Staff.AdminConsultationPage /> },
  ]),
  guarded(isDoctor, [{ path: '/doctor', element: <Navigate to="/doctor/dashboard" replace /> }]),
  // Every staff member's own account (the sidebar's "My Account").
  guarded(isStaff, [{ path: STAFF_ACCOUNT_PATH, element: <Staff.StaffAccountPage /> }]),
  area('queue', <Staff.DoctorDashboardPage />),
];

/** The staff's call rooms: full-bleed, nothing around the video (issue 12). */
const staffRoomRoutes: RouteObject[] = [
  guarded(isClinicalStaff, [
    { path: '/admin/video-consultation', element: <Staff.AdminVideoConsultationPage /> },
  ]),
  guarded(isDoctor, [
    { path: '/doctor/video-consultation', element: <Staff.DoctorVideoConsultationPage /> },
  ]),
];

/** Added under the session gate of router.tsx when first needed. */
export const staffRoutes: RouteObject[] = [
  { element: <StaffConsoleLayout />, children: consoleRoutes },
  { element: <RoomLayout />, children: staffRoomRoutes },
];
