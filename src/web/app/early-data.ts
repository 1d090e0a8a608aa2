import type { Role } from '../../shared/roles';

// What boot.ts asks the server for before the app has rendered (issue 23). The paths are the
// pages' query keys (early-data.test.ts holds them to the api modules'): the queries take the
// answers (api-client.ts getJson).

/** GETs a first page's queries make at once, for a signed-in user of the page's role. */
export const FIRST_PAGE_DATA: Readonly<Record<string, { role: Role; paths: readonly string[] }>> = {
  '/patient/dashboard': {
    role: 'patient',
    paths: ['/api/applications', '/api/patient/journey', '/api/queue/status'],
  },
  '/patient/queue': { role: 'patient', paths: ['/api/queue/status', '/api/applications'] },
};

/** Small public answers nearly every page shows (the footer's fee story and clinic hours). */
export const EVERY_PAGE_PATHS: readonly string[] = ['/api/fees', '/api/app-config'];
