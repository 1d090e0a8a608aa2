import { Suspense } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { Spinner } from '@/components/ui/spinner';
import type { Permission } from '../../../../shared/roles';

// The admin dashboard tabs of issue 4 part B, each loaded when first opened (DESIGN.md:
// staff screens load lazily): Post-Consultation, Patient Transcriptions, Keyword Manager,
// Search Notes and Live Demo.

const TABS: Partial<Record<Permission, ReturnType<typeof lazyPage>>> = {
  post_consultation: lazyPage(() => import('./post-consultation-tab'), 'PostConsultationTab'),
  transcriptions: lazyPage(
    () => import('@/features/transcriptions/components/transcriptions-tab'),
    'TranscriptionsTab',
  ),
  keywords: lazyPage(
    () => import('@/features/keywords/components/keyword-manager'),
    'KeywordManager',
  ),
  search_notes: lazyPage(
    () => import('@/features/search-notes/components/search-notes'),
    'SearchNotes',
  ),
  demo: lazyPage(() => import('@/features/device-check/components/live-demo-tab'), 'LiveDemoTab'),
};

export const hasFollowUpTab = (permission: Permission): boolean => permission in TABS;

export function FollowUpTab({ permission }: { permission: Permission }) {
  const Tab = TABS[permission];
  if (!Tab) return null;
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label="Loading" />
        </div>
      }
    >
      <Tab />
    </Suspense>
  );
}
