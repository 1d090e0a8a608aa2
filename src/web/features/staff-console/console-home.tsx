import { Navigate } from 'react-router';
import { firstAreaPath, viewerOf } from '@/app/staff-nav';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';

/** /admin/dashboard (the spec's address for the admin family): the user's first area. */
export function ConsoleHome() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return <Navigate to={firstAreaPath(viewerOf(user)) ?? '/video-sessions'} replace />;
}
