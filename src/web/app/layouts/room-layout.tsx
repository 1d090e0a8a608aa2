import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { SkipLink } from './root-layout';

/** The call rooms: full-bleed, no site header or footer around the video (issue 12). */
export function RoomLayout() {
  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-slate-950 text-white">
      <SkipLink />
      <main id="main-content" tabIndex={-1} className="flex min-h-0 flex-1 flex-col outline-none">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
