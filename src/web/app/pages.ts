import type { ComponentType } from 'react';
import type { AreaWithBody } from '@/features/staff-console/area-page';
import { lazyPage } from './lazy-page';

// Every page except the landing loads on demand, keeping the landing's critical path small
// (DESIGN.md budget: under 170 KB gzip). The pages a phone most often opens first load through
// the router instead (page-code.ts, lazyRoute).
const auth = {
  register: () => import('@/features/auth/components/register-page'),
  setup: () => import('@/features/auth/components/admin-setup-page'),
  verifyEmail: () => import('@/features/auth/components/verify-email-page'),
  mfa: () => import('@/features/auth/components/mfa-page'),
};
const legal = () => import('@/features/legal/components/legal-pages');
const operations = () => import('@/features/operations/components/operations-pages');

export const RegisterPage = lazyPage(auth.register, 'RegisterPage');
export const AdminSetupPage = lazyPage(auth.setup, 'AdminSetupPage');
export const ForgotPasswordPage = lazyPage(
  () => import('@/features/account/components/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('@/features/account/components/reset-password-page'),
  'ResetPasswordPage',
);
export const StaffAccountPage = lazyPage(
  () => import('@/features/account/components/staff-account-page'),
  'StaffAccountPage',
);
export const DevMailPage = lazyPage(
  () => import('@/features/account/components/dev-mail-page'),
  'DevMailPage',
);
export const VerifyEmailPage = lazyPage(auth.verifyEmail, 'VerifyEmailPage');
export const MfaPage = lazyPage(auth.mfa, 'MfaPage');

export const PrivacyPage = lazyPage(legal, 'PrivacyPage');
export const TermsPage = lazyPage(legal, 'TermsPage');
export const HipaaPage = lazyPage(legal, 'HipaaPage');
export const CompliancePage = lazyPage(legal, 'CompliancePage');

export const PaymentPage = lazyPage(
  () => import('@/features/payments/components/payment-page'),
  'PaymentPage',
);
export const IntakePage = lazyPage(
  () => import('@/features/intake/components/intake-page'),
  'IntakePage',
);
export const DocumentsPage = lazyPage(
  () => import('@/features/documents/components/documents-page'),
  'DocumentsPage',
);
export const VisitHistoryPage = lazyPage(
  () => import('@/features/patient/components/visit-history-page'),
  'VisitHistoryPage',
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

export const VideoCallPage = lazyPage(
  () => import('@/features/video/pages/video-call-page'),
  'VideoCallPage',
);
export const VideoSessionsPage = lazyPage(
  () => import('@/features/video/sessions/video-sessions-page'),
  'VideoSessionsPage',
);
export const VideoDemoPage = lazyPage(
  () => import('@/features/device-check/components/video-demo-page'),
  'VideoDemoPage',
);
export const PatientVideoConsultationPage = lazyPage(
  () => import('@/features/video/pages/patient-video-consultation-page'),
  'PatientVideoConsultationPage',
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
