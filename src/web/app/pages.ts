import { lazyPage } from './lazy-page';

// Every page except the landing loads on demand, keeping the landing's critical path small
// (DESIGN.md budget: under 170 KB gzip). The pages a phone most often opens first load through
// the router instead (page-code.ts, lazyRoute). Staff pages are in staff-pages.ts, loaded with
// the staff routes.
const auth = {
  register: () => import('@/features/auth/components/register-page'),
  setup: () => import('@/features/auth/components/admin-setup-page'),
  verifyEmail: () => import('@/features/auth/components/verify-email-page'),
  mfa: () => import('@/features/auth/components/mfa-page'),
};
const legal = () => import('@/features/legal/components/legal-pages');

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

export const VideoCallPage = lazyPage(
  () => import('@/features/video/pages/video-call-page'),
  'VideoCallPage',
);
export const VideoDemoPage = lazyPage(
  () => import('@/features/device-check/components/video-demo-page'),
  'VideoDemoPage',
);
export const PatientVideoConsultationPage = lazyPage(
  () => import('@/features/video/pages/patient-video-consultation-page'),
  'PatientVideoConsultationPage',
);
