import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { LandingPage } from '@/features/landing/components/landing-page';
import {
  type AccessCheck,
  anySignedIn,
  hasPermission,
  isAdminFamily,
  isClinicalStaff,
  isDoctor,
  isPatient,
} from './guards/access';
import {
  CatchAll,
  HomeRedirect,
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
import * as Page from './pages';

// The route table: patient-side.md §2.2 and staff-and-video.md §2 with rulings 2, 9, 11, 12.

const guarded = (allow: AccessCheck, children: RouteObject[]): RouteObject => ({
  element: <RequireAccess allow={allow} />,
  children,
});

/** Reachable signed in or not; these pages handle the session themselves. */
const alwaysReachable: RouteObject[] = [
  { path: '/admin/setup', element: <Page.AdminSetupPage /> },
  { path: '/login', element: <Page.LoginPage /> },
  {
    element: <RedirectSignedIn />,
    children: [
      { path: '/auth', element: <Page.AuthPage /> },
      { path: '/register', element: <Page.RegisterPage /> },
    ],
  },
  // Payment is reachable by URL, but the page itself needs a signed-in patient (§2.6).
  guarded(isPatient, [{ path: '/patient/payment', element: <Page.PaymentPage /> }]),
  { path: '/video-demo', element: <Page.VideoDemoPage /> },
  { path: '/privacy', element: <Page.PrivacyPage /> },
  { path: '/terms', element: <Page.TermsPage /> },
  { path: '/hipaa', element: <Page.HipaaPage /> },
  { path: '/compliance', element: <Page.CompliancePage /> },
  { path: '/404', element: <NotFoundPage /> },
];

/** Everything else waits for the session, then applies its rule. */
const siteRoutes: RouteObject[] = [
  { path: '/', element: <HomeRedirect /> },
  { path: '/home', element: <HomeRedirect /> },
  { path: '/dashboard', element: <HomeRedirect /> },
  { element: <SignedOutOnly />, children: [{ path: '/landing', element: <LandingPage /> }] },

  // Ruling 2: staff are kept out of patient pages.
  guarded(isPatient, [
    { path: '/patient/dashboard', element: <Page.PatientDashboardPage /> },
    { path: '/patient/intake', element: <Page.IntakePage /> },
    { path: '/patient/queue', element: <Page.QueuePage /> },
    { path: '/patient/consultation', element: <Page.ConsultationPage /> },
    { path: '/patient/documents', element: <Page.DocumentsPage /> },
  ]),

  { path: '*', element: <CatchAll /> },
];

/** The staff console (issue 12): every staff page in one frame with its sidebar. */
const consoleRoutes: RouteObject[] = [
  guarded(isAdminFamily, [
    { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
    { path: '/admin/dashboard', element: <Page.AdminDashboardPage /> },
  ]),
  guarded(hasPermission('users'), [{ path: '/admin/users', element: <Page.AdminUsersPage /> }]),
  guarded(hasPermission('documents'), [
    { path: '/admin/documents', element: <Page.AdminDocumentsPage /> },
  ]),
  guarded(hasPermission('analytics'), [
    { path: '/admin/automated', element: <Page.AutomatedOperationsPage /> },
    { path: '/admin/production', element: <Page.ProductionOperationsPage /> },
  ]),
  guarded(hasPermission('financial'), [{ path: '/admin/fees', element: <Page.FeeSchedulePage /> }]),
  guarded(isClinicalStaff, [
    { path: '/admin/consultation', element: <Page.AdminConsultationPage /> },
  ]),
  guarded(isDoctor, [
    { path: '/doctor', element: <Navigate to="/doctor/dashboard" replace /> },
    { path: '/doctor/dashboard', element: <Page.DoctorDashboardPage /> },
  ]),
  guarded(anySignedIn, [{ path: '/video-sessions', element: <Page.VideoSessionsPage /> }]),
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
