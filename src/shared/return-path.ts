import { hasRefusedCharacter } from './refused-characters.js';

// Where sign-in returns to (issue 13): a message's link brings a signed-out patient to /login,
// which sends them on to the page the link pointed at. Only this site's own paths are kept, so
// a crafted `?next=` cannot send anyone elsewhere after they sign in.

const PROBE_ORIGIN = 'https://return-path.invalid';

/** The query parameter /login reads. */
export const RETURN_PARAM = 'next';

/**
 * "//host" and "/\host" are other sites to a browser (it reads "\" as "/"). Checked on the
 * raw value and again on the normalised one (issue 21): removing dot segments turns
 * "/.//host", "/a/..//host" or "/%2e//host" into "//host".
 */
const isSitePath = (path: string) =>
  path.startsWith('/') && path[1] !== '/' && path[1] !== '\\' && !hasRefusedCharacter(path);

/** `value` when it is a path on this site ("/patient/queue?x=1"); null for anything else. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !isSitePath(value)) return null;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return null;
    // The sign-in page itself is no destination.
    if (url.pathname === '/login') return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // What the browser will be sent to must itself be a path here, read the same way again.
    if (!isSitePath(path) || new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return null;
    return path;
  } catch {
    return null;
  }
}

/** /login with the way back to `path` (a path and query on this site). */
export const loginReturningTo = (path: string) =>
  safeReturnPath(path) ? `/login?${RETURN_PARAM}=${encodeURIComponent(path)}` : '/login';
