import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/api/session';
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

/** Pages for visitors only (/landing): a signed-in user goes to their home. */
export function SignedOutOnly() {
  const { user } = useAuth();
  if (user) return <Navigate to={homePathFor(user.role)} replace />;
  return <Outlet />;
}

/** `/`, `/home`, `/dashboard`: the role's home, or the landing page for visitors. */
export function HomeRedirect() {
  const { user } = useAuth();
  return <Navigate to={user ? homePathFor(user.role) : '/landing'} replace />;
}

// A last segment with a dot (/logo.png, /old-page.html) is a missing file, not a page.
const ASSET_LIKE = /\/[^/]+\.[a-z0-9]{1,8}$/i;

/** Unknown paths: signed in → role's home, signed out → /landing; missing files → 404. */
export function CatchAll() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (ASSET_LIKE.test(pathname)) return <NotFoundPage />;
  return <Navigate to={user ? homePathFor(user.role) : '/landing'} replace />;
}
