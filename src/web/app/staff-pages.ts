import type { ComponentType } from 'react';
import type { AreaWithBody } from '@/features/staff-console/area-page';
import { lazyPage } from './lazy-page';

// The staff pages, each on demand like the patients' (pages.ts). This file travels with the
// staff routes (staff-routes.tsx), which a patient's browser never loads.
const operations = () => import('@/features/operations/components/operations-pages');

export const StaffAccountPage = lazyPage(
  () => import('@/features/account/components/staff-account-page'),
  'StaffAccountPage',
);
export const DoctorDashboardPage = lazyPage(
  () => import('@/features/doctor/components/doctor-dashboard-page'),
  'DoctorDashboardPage',
);
// The staff console's former dashboard tabs, one page each (issue 12).
export const AreaPage = lazyPage(
  () => import('@/features/staff-console/area-page'),
  'AreaPage',
) as ComponentType<{ area: AreaWithBody }>;
export const ConsoleHome = lazyPage(
  () => import('@/features/staff-console/console-home'),
  'ConsoleHome',
);
export const AdminUsersPage = lazyPage(
  () => import('@/features/admin-users/components/admin-users-page'),
  'AdminUsersPage',
);
export const AdminDocumentsPage = lazyPage(
  () => import('@/features/staff-documents/components/admin-documents-page'),
  'AdminDocumentsPage',
);
export const AdminConsultationPage = lazyPage(
  () => import('@/features/consultation/components/consultation-page'),
  'AdminConsultationPage',
);
export const AutomatedOperationsPage = lazyPage(operations, 'AutomatedOperationsPage');
export const ProductionOperationsPage = lazyPage(operations, 'ProductionOperationsPage');
export const VideoSessionsPage = lazyPage(
  () => import('@/features/video/sessions/video-sessions-page'),
  'VideoSessionsPage',
);
const staffVideo = () => import('@/features/video/pages/staff-video-consultation-page');
export const AdminVideoConsultationPage = lazyPage(staffVideo, 'AdminVideoConsultationPage');
export const DoctorVideoConsultationPage = lazyPage(staffVideo, 'DoctorVideoConsultationPage');
export const FeeSchedulePage = lazyPage(
  () => import('@/features/fees/components/fee-schedule-page'),
  'FeeSchedulePage',
);
export const AuditTrailPage = lazyPage(
  () => import('@/features/audit/components/audit-trail-page'),
  'AuditTrailPage',
);
/** The State Applications desk (issue 22). */
export const StateApplicationsPage = lazyPage(
  () => import('@/features/state-applications/components/state-applications-page'),
  'StateApplicationsPage',
);
