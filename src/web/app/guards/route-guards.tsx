import { useEffect } from 'react';
import {
  type LoaderFunction,
  Navigate,
  Outlet,
  redirect,
  useLocation,
  useNavigate,
} from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { currentUserQuery, useAuth } from '@/features/auth/api/session';
import { queryClient } from '@/lib/query-client';
import { loginReturningTo } from '../../../shared/return-path';
import { homePathFor } from '../../../shared/roles';
import type { AccessCheck } from './access';

const UNAUTHORIZED_REDIRECT_MS = 500;

/** Every path outside the always-reachable set waits for the session (spec §2.2). */
export function SessionGate() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  return <Outlet />;
}

/**
 * Signed out: toast and go to /login after 500 ms (patient-side.md §6). Signed in without
 * access: the role's home (ruling 2 keeps staff out of patient pages and the reverse).
 */
export function RequireAccess({ allow }: { allow: AccessCheck }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (!user) return <UnauthorizedRedirect />;
  if (!allow(user)) return <Navigate to={homePathFor(user.role)} replace />;
  return <Outlet />;
}

function UnauthorizedRedirect() {
  const navigate = useNavigate();
  // Sign-in brings the person back here (a message's link to a page behind the sign-in).
  const { pathname, search } = useLocation();
  const signIn = loginReturningTo(`${pathname}${search}`);
  useEffect(() => {
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    const timer = setTimeout(() => {
      navigate(signIn, { replace: true });
    }, UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, signIn]);
  return <FullPageSpinner label="Redirecting to sign in" />;
}

/** /auth and /register: a signed-in user goes to / (and from there to their home). */
export function RedirectSignedIn() {
  const { user } = useAuth();
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * Pages for visitors only (/landing): a signed-in user goes to their home. The page shows while
 * the session loads, since most who open it are visitors.
 */
export function SignedOutOnly() {
  const { user } = useAuth();
  if (user) return <Navigate to={homePathFor(user.role)} replace />;
  return <Outlet />;
}

// A last segment with a dot (/logo.png, /old-page.html) is a missing file, not a page.
const ASSET_LIKE = /\/[^/]+\.[a-z0-9]{1,8}$/i;

/** The role's home for a signed-in user, the landing page for a visitor. */
async function homePath(): Promise<string> {
  const user = await queryClient.ensureQueryData(currentUserQuery());
  return user ? homePathFor(user.role) : '/landing';
}

/**
 * `/`, `/home`, `/dashboard`: the role's home, or the landing page for visitors. A loader, so the
 * redirect happens before anything paints: rendered, the empty frame it showed first was pushed
 * down by the landing page (issue 23: layout shift 0.366 on a phone).
 */
export const homeRedirect: LoaderFunction = async () => redirect(await homePath());

/** Unknown paths: as `/`; a missing file renders the route's 404 page instead. */
export const catchAllRedirect: LoaderFunction = async ({ request }) => {
  if (ASSET_LIKE.test(new URL(request.url).pathname)) return null;
  return redirect(await homePath());
};
