import { Navigate } from 'react-router';
import { homeAreaFor, viewerOf } from '@/app/staff-nav';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';

/** /admin/dashboard (the spec's address for the admin family): the user's first area. */
export function ConsoleHome() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return <Navigate to={homeAreaFor(viewerOf(user))?.path ?? '/video-sessions'} replace />;
}
