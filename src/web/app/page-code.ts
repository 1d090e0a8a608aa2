// The pages a phone most often opens first. The router loads them through these functions
// (lazyRoute), and boot.ts starts the one in the address while the app's own code is still
// being evaluated, so both ask for the same chunk (issue 23).

export const loadPage = {
  login: () => import('@/features/auth/components/login-page'),
  auth: () => import('@/features/auth/components/auth-page'),
  patientDashboard: () => import('@/features/patient/components/patient-dashboard-page'),
  queue: () => import('@/features/queue/components/queue-page'),
};

/** The code to start for a first page at this path. */
export const FIRST_PAGE_CODE: Readonly<Record<string, () => Promise<unknown>>> = {
  '/login': loadPage.login,
  '/auth': loadPage.auth,
  '/patient/dashboard': loadPage.patientDashboard,
  '/patient/queue': loadPage.queue,
};
