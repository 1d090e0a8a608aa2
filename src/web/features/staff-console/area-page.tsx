import { type ComponentType, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { areaTitle, CONSOLE_AREAS, type ConsoleAreaKey, mayOpen } from '@/app/staff-nav';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { AreaTitle } from '@/features/staff-console/area-title';

// The console's pages that were the admin dashboard's tabs (issue 12): each area's body under
// its own h1 and <title>, loaded when first opened (DESIGN.md: staff screens load lazily).

type BodyProps = { onOpenAnalytics?: () => void };

const BODIES = {
  meetings: lazyPage(() => import('@/features/meetings/components/meetings-tab'), 'MeetingsTab'),
  waiting: lazyPage(
    () => import('@/features/meetings/components/waiting-room-tab'),
    'WaitingRoomTab',
  ),
  followUp: lazyPage(
    () => import('@/features/follow-up/components/post-consultation-tab'),
    'PostConsultationTab',
  ),
  transcriptions: lazyPage(
    () => import('@/features/transcriptions/components/transcriptions-tab'),
    'TranscriptionsTab',
  ),
  keywords: lazyPage(
    () => import('@/features/keywords/components/keyword-manager'),
    'KeywordManager',
  ),
  searchNotes: lazyPage(
    () => import('@/features/search-notes/components/search-notes'),
    'SearchNotes',
  ),
  demo: lazyPage(() => import('@/features/device-check/components/live-demo-tab'), 'LiveDemoTab'),
  analytics: lazyPage(
    () => import('@/features/operations/components/analytics-panel'),
    'AnalyticsPanel',
  ),
} satisfies Partial<Record<ConsoleAreaKey, ComponentType<BodyProps>>>;
export type AreaWithBody = keyof typeof BODIES;

/** An area's page: the title and the h1, then the area's own screen (which says what it is for). */
export function AreaPage({ area }: { area: AreaWithBody }) {
  const entry = CONSOLE_AREAS[area];
  const title = areaTitle(entry);
  const Body: ComponentType<BodyProps> = BODIES[area];
  const { user } = useAuth();
  const navigate = useNavigate();
  // A meeting's Analytics button, for those who may open Analytics.
  const openAnalytics =
    area === 'meetings' && user && mayOpen('analytics')(user)
      ? () => navigate(CONSOLE_AREAS.analytics.path)
      : undefined;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-8">
      <AreaTitle area={area} />
      <h1 className="text-2xl font-bold text-primary sm:text-3xl">{title}</h1>
      <Suspense
        fallback={
          <div className="flex justify-center py-10">
            <Spinner label="Loading" />
          </div>
        }
      >
        <Body onOpenAnalytics={openAnalytics} />
      </Suspense>
    </div>
  );
}
