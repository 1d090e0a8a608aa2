import type { LoaderFunction } from 'react-router';
import { currentUserQuery } from '@/features/auth/api/session';
import { getJson } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { FIRST_PAGE_DATA } from './early-data';

/**
 * The loader of a page boot.ts fetches data for (early-data.ts): the session and the page's
 * queries are in the cache before the route renders, so the router draws the page once, in a
 * transition React renders in slices. Rendered first and filled when the answers came, the page
 * was drawn again by the queries' update, which React renders in one piece: on the dashboard a
 * task of about 240 ms, a second on a phone (issue 23). Answers already in the cache are used as
 * they are (a later visit shows at once and its queries refresh as usual); a failed answer is
 * left to the page's own query, which shows it.
 */
export const firstPageData =
  (pathname: keyof typeof FIRST_PAGE_DATA): LoaderFunction =>
  async () => {
    const page = FIRST_PAGE_DATA[pathname];
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (page && user?.role === page.role)
      await Promise.allSettled(
        page.paths.map((path) =>
          queryClient.ensureQueryData({
            queryKey: [path],
            queryFn: (context) => getJson(path, context),
          }),
        ),
      );
    return null;
  };
