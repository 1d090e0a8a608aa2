import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { isStaffRole } from '../../../shared/roles';
import { lazyPage } from '../lazy-page';
import { SkipLink } from './root-layout';

/** Staff in a call room sign out when idle too (issue 13); loaded only for them. */
const StaffIdleGuard = lazyPage(
  () => import('@/features/auth/idle/staff-idle-guard'),
  'StaffIdleGuard',
);

/** The call rooms: full-bleed, no site header or footer around the video (issue 12). */
export function RoomLayout() {
  const { user } = useAuth();
  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-slate-950 text-white">
      <SkipLink />
      {user && isStaffRole(user.role) && (
        <Suspense fallback={null}>
          <StaffIdleGuard />
        </Suspense>
      )}
      <main id="main-content" tabIndex={-1} className="flex min-h-0 flex-1 flex-col outline-none">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
