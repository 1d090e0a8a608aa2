import type { LoaderFunction } from 'react-router';
import { currentUserQuery } from '@/features/auth/api/session';
import { getJson } from '@/lib/api-client';
import { languageReady } from '@/lib/i18n/i18n';
import { queryClient } from '@/lib/query-client';
import { EVERY_PAGE_PATHS, FIRST_PAGE_DATA } from './early-data';

/**
 * The loader of a page boot.ts fetches data for (early-data.ts): the session and the page's
 * queries are in the cache before the route renders, so the router draws the page once, in a
 * transition React renders in slices. Rendered first and filled when the answers came, the page
 * was drawn again by the queries' update, which React renders in one piece: on the dashboard a
 * task of about 240 ms, a second on a phone (issue 23). Answers already in the cache are used as
 * they are (a later visit shows at once and its queries refresh as usual); a failed answer is
 * left to the page's own query, which shows it.
 */
/** Puts a path's answer in the cache (the queries' key is their path); a failure is left to the query. */
const ensurePath = (path: string) =>
  queryClient.ensureQueryData({ queryKey: [path], queryFn: (context) => getJson(path, context) });

/** Long enough for the fee story on a slow phone; past it the page shows and its queries fill in. */
const EVERY_PAGE_WAIT_MS = 3000;

/**
 * The root's loader: the language's catalog, and the footer's fee story and clinic hours (and the landing page's fees) are
 * in the cache before the first page renders, so it is drawn once. Filled in afterwards, the
 * landing page was drawn a second time in one task of about 60 ms, 250 on a phone (issue 23).
 */
export const everyPageData: LoaderFunction = async () => {
  // The active language's catalog first: nothing is drawn before the page can say anything.
  await languageReady();
  await Promise.race([
    Promise.allSettled(EVERY_PAGE_PATHS.map(ensurePath)),
    new Promise((resolve) => setTimeout(resolve, EVERY_PAGE_WAIT_MS)),
  ]);
  return null;
};

export const firstPageData =
  (pathname: keyof typeof FIRST_PAGE_DATA): LoaderFunction =>
  async () => {
    const page = FIRST_PAGE_DATA[pathname];
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (page && user?.role === page.role) await Promise.allSettled(page.paths.map(ensurePath));
    return null;
  };
