import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { FullPageSpinner } from '@/components/ui/spinner';
import { VIDEO_DEMO_PATH } from '@/features/device-check/lib/video-demo-path';
import { LandingPage } from '@/features/landing/components/landing-page';
import { everyPageData, firstPageData } from './first-page-data';
import { anySignedIn, isPatient } from './guards/access';
import { guarded } from './guards/guarded';
import {
  catchAllRedirect,
  homeRedirect,
  RedirectSignedIn,
  SessionGate,
  SignedOutOnly,
} from './guards/route-guards';
import { RoomLayout } from './layouts/room-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';
import { SiteLayout } from './layouts/site-layout';
import { lazyRoute } from './lazy-page';
import { loadPage } from './page-code';
import * as Page from './pages';
import { isStaffPath } from './staff-paths';

// The route table: patient-side.md §2.2 and staff-and-video.md §2 with rulings 2, 9, 11, 12.

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

/** The call rooms: full-bleed, nothing around the video (issue 12); the staff's are in staff-routes. */
const roomRoutes: RouteObject[] = [
  guarded(isPatient, [
    { path: '/patient/video-consultation', element: <Page.PatientVideoConsultationPage /> },
  ]),
  guarded(anySignedIn, [
    { path: '/video-call', element: <Page.VideoCallPage /> },
    { path: '/video-call/:roomId', element: <Page.VideoCallPage /> },
  ]),
];

/** The route the staff routes join once discovered. */
const SESSION_ROUTE_ID = 'session';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    loader: everyPageData,
    // Its answers are the queries' from then on: a navigation need not wait on them again.
    shouldRevalidate: () => false,
    errorElement: <RouteErrorPage />,
    // While the first page's loaders run (the footer's data; the session for `/` and unknown paths).
    hydrateFallbackElement: <FullPageSpinner label="Checking your session" />,
    children: [
      { element: <SiteLayout />, children: alwaysReachable },
      {
        id: SESSION_ROUTE_ID,
        element: <SessionGate />,
        children: [
          { element: <RoomLayout />, children: roomRoutes },
          { element: <SiteLayout />, children: siteRoutes },
        ],
      },
    ],
  },
];

let staffRoutesAdded = false;

/**
 * The staff routes join the table the first time a staff path is opened, typed or followed
 * (React Router asks for a path it cannot match, or matches only with the catch-all). Until
 * then `/admin/…` matches the catch-all, which is why the router asks.
 */
async function discoverStaffRoutes({
  path,
  patch,
  signal,
}: {
  path: string;
  patch: (routeId: string | null, children: RouteObject[]) => void;
  signal: AbortSignal;
}) {
  if (staffRoutesAdded || !isStaffPath(path)) return;
  const { staffRoutes } = await import('./staff-routes');
  // Another navigation may have added them meanwhile, or this one been abandoned (its patch
  // would be ignored, and the next staff path must ask again).
  if (staffRoutesAdded || signal.aborted) return;
  patch(SESSION_ROUTE_ID, staffRoutes);
  staffRoutesAdded = true;
}

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverStaffRoutes });
