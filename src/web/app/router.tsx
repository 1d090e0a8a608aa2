import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { FullPageSpinner } from '@/components/ui/spinner';
import { VIDEO_DEMO_PATH } from '@/features/device-check/lib/video-demo-path';
import { LandingPage } from '@/features/landing/components/landing-page';
import { firstPageData } from './first-page-data';
import {
  type AccessCheck,
  anySignedIn,
  isAdminFamily,
  isClinicalStaff,
  isDoctor,
  isPatient,
  isStaff,
} from './guards/access';
import {
  catchAllRedirect,
  homeRedirect,
  RedirectSignedIn,
  RequireAccess,
  SessionGate,
  SignedOutOnly,
} from './guards/route-guards';
import { RoomLayout } from './layouts/room-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';
import { SiteLayout } from './layouts/site-layout';
import { StaffConsoleLayout } from './layouts/staff-console-layout';
import { lazyRoute } from './lazy-page';
import { loadPage } from './page-code';
import * as Page from './pages';
import { CONSOLE_AREAS, type ConsoleAreaKey, mayOpen, STAFF_ACCOUNT_PATH } from './staff-nav';

// The route table: patient-side.md §2.2 and staff-and-video.md §2 with rulings 2, 9, 11, 12.

const guarded = (allow: AccessCheck, children: RouteObject[]): RouteObject => ({
  element: <RequireAccess allow={allow} />,
  children,
});

/** Reachable signed in or not; these pages handle the session themselves. */
const alwaysReachable: RouteObject[] = [
  { path: '/admin/setup', element: <Page.AdminSetupPage /> },
  { path: '/login', lazy: lazyRoute(loadPage.login, 'LoginPage') },
  // Recovery works signed in or not: a link from an email opens wherever the person is.
  { path: '/forgot-password', element: <Page.ForgotPasswordPage /> },
  { path: '/reset-password', element: <Page.ResetPasswordPage /> },
  // Development only: the server answers 404 in production and the page says so.
  { path: '/dev/mail', element: <Page.DevMailPage /> },
  // The confirmation link works signed in or not (opened on another device).
  { path: '/verify-email', element: <Page.VerifyEmailPage /> },
  // The second step of a staff sign-in (issue 13); the server decides what it may do.
  { path: '/mfa', element: <Page.MfaPage /> },
  {
    element: <RedirectSignedIn />,
    children: [
      { path: '/auth', lazy: lazyRoute(loadPage.auth, 'AuthPage') },
      { path: '/register', element: <Page.RegisterPage /> },
    ],
  },
  // Payment is reachable by URL, but the page itself needs a signed-in patient (§2.6).
  guarded(isPatient, [{ path: '/patient/payment', element: <Page.PaymentPage /> }]),
  { path: VIDEO_DEMO_PATH, element: <Page.VideoDemoPage /> },
  { path: '/privacy', element: <Page.PrivacyPage /> },
  { path: '/terms', element: <Page.TermsPage /> },
  { path: '/hipaa', element: <Page.HipaaPage /> },
  { path: '/compliance', element: <Page.CompliancePage /> },
  { path: '/404', element: <NotFoundPage /> },
  // Shown at once, without waiting for the session: a signed-in user is sent home once it is
  // known (issue 23: the landing page's first paint is its content, not a spinner).
  { element: <SignedOutOnly />, children: [{ path: '/landing', element: <LandingPage /> }] },
];

/** Everything else waits for the session, then applies its rule. */
const siteRoutes: RouteObject[] = [
  { path: '/', loader: homeRedirect },
  { path: '/home', loader: homeRedirect },
  { path: '/dashboard', loader: homeRedirect },

  // Ruling 2: staff are kept out of patient pages.
  guarded(isPatient, [
    {
      path: '/patient/dashboard',
      loader: firstPageData('/patient/dashboard'),
      lazy: lazyRoute(loadPage.patientDashboard, 'PatientDashboardPage'),
    },
    { path: '/patient/intake', element: <Page.IntakePage /> },
    {
      path: '/patient/queue',
      loader: firstPageData('/patient/queue'),
      lazy: lazyRoute(loadPage.queue, 'QueuePage'),
    },
    { path: '/patient/consultation', element: <Page.VisitHistoryPage /> },
    { path: '/patient/documents', element: <Page.DocumentsPage /> },
  ]),

  { path: '*', loader: catchAllRedirect, element: <NotFoundPage /> },
];

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
    { path: '/admin/dashboard', element: <Page.ConsoleHome /> },
  ]),
  area('meetings', <Page.AreaPage area="meetings" />),
  area('waiting', <Page.AreaPage area="waiting" />),
  area('followUp', <Page.AreaPage area="followUp" />),
  area('transcriptions', <Page.AreaPage area="transcriptions" />),
  area('documents', <Page.AdminDocumentsPage />),
  area('stateApplications', <Page.StateApplicationsPage />),
  area('videoSessions', <Page.VideoSessionsPage />),
  area('analytics', <Page.AreaPage area="analytics" />),
  area('automated', <Page.AutomatedOperationsPage />),
  area('production', <Page.ProductionOperationsPage />),
  area('searchNotes', <Page.AreaPage area="searchNotes" />),
  area('users', <Page.AdminUsersPage />),
  area('audit', <Page.AuditTrailPage />),
  area('fees', <Page.FeeSchedulePage />),
  area('keywords', <Page.AreaPage area="keywords" />),
  area('demo', <Page.AreaPage area="demo" />),
  guarded(isClinicalStaff, [
    { path: '/admin/consultation', element: <Page.AdminConsultationPage /> },
  ]),
  guarded(isDoctor, [{ path: '/doctor', element: <Navigate to="/doctor/dashboard" replace /> }]),
  // Every staff member's own account (the sidebar's "My Account").
  guarded(isStaff, [{ path: STAFF_ACCOUNT_PATH, element: <Page.StaffAccountPage /> }]),
  area('queue', <Page.DoctorDashboardPage />),
];

/** The call rooms: full-bleed, nothing around the video (issue 12). */
const roomRoutes: RouteObject[] = [
  guarded(isPatient, [
    { path: '/patient/video-consultation', element: <Page.PatientVideoConsultationPage /> },
  ]),
  guarded(isClinicalStaff, [
    { path: '/admin/video-consultation', element: <Page.AdminVideoConsultationPage /> },
  ]),
  guarded(isDoctor, [
    { path: '/doctor/video-consultation', element: <Page.DoctorVideoConsultationPage /> },
  ]),
  guarded(anySignedIn, [
    { path: '/video-call', element: <Page.VideoCallPage /> },
    { path: '/video-call/:roomId', element: <Page.VideoCallPage /> },
  ]),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // While a redirect's loader asks for the session on the first load (`/`, unknown paths).
    hydrateFallbackElement: <FullPageSpinner label="Checking your session" />,
    children: [
      { element: <SiteLayout />, children: alwaysReachable },
      {
        element: <SessionGate />,
        children: [
          { element: <StaffConsoleLayout />, children: consoleRoutes },
          { element: <RoomLayout />, children: roomRoutes },
          { element: <SiteLayout />, children: siteRoutes },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
