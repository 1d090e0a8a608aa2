import { SESSION_PROBE_PATH, type SessionProbe } from '../shared/session-probe';
import { EVERY_PAGE_PATHS, FIRST_PAGE_DATA } from './app/early-data';
import { FIRST_PAGE_CODE } from './app/page-code';
import { isStaffPath } from './app/staff-paths';
import { startEarlyGet } from './lib/api-client';
import { activateLanguage, firstLanguage } from './lib/i18n/i18n';

// The first module main.tsx runs, without React: it starts the session probe, the page's code
// and (once the session says whose page it is) the page's data, while React and the app are
// still being evaluated and before anything renders, rather than after the app has rendered and
// the page's code has arrived (issue 23). The queries take the answers (api-client.ts getJson).

const { pathname } = window.location;
// The catalog of the language the page will be shown in (the first render waits for it).
void activateLanguage(firstLanguage()).catch(() => undefined);
void FIRST_PAGE_CODE[pathname]?.().catch(() => undefined);
// A staff page opened directly: the staff routes the router will ask for (router.tsx).
if (isStaffPath(pathname)) void import('./app/staff-routes').catch(() => undefined);

const session = startEarlyGet<SessionProbe>(SESSION_PROBE_PATH);
for (const path of EVERY_PAGE_PATHS) startEarlyGet(path);

const data = FIRST_PAGE_DATA[pathname];
if (data) {
  session.then(
    ({ user }) => {
      if (user?.role === data.role) for (const path of data.paths) startEarlyGet(path);
    },
    () => undefined,
  );
}
