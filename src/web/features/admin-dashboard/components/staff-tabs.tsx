import { type ComponentType, Suspense } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { Spinner } from '@/components/ui/spinner';
import type { Permission } from '../../../../shared/roles';

// The admin dashboard tabs of issue 4 part A, each loaded when first opened (DESIGN.md: staff
// screens load lazily): My Meetings, Waiting Room, Document Management and Analytics.

type TabProps = { onOpenAnalytics?: () => void };

const TABS: Partial<Record<Permission, ComponentType<TabProps>>> = {
  meetings: lazyPage(() => import('@/features/meetings/components/meetings-tab'), 'MeetingsTab'),
  waiting: lazyPage(
    () => import('@/features/meetings/components/waiting-room-tab'),
    'WaitingRoomTab',
  ),
  documents: lazyPage(
    () => import('@/features/staff-documents/components/document-management'),
    'DocumentManagement',
  ),
  analytics: lazyPage(() => import('./analytics-tab'), 'AnalyticsTab'),
};

export const hasStaffTab = (permission: Permission): boolean => permission in TABS;

export function StaffTab({
  permission,
  onOpenAnalytics,
}: {
  permission: Permission;
  /** Switches to the Analytics tab (the meetings' Analytics button); absent without it. */
  onOpenAnalytics?: () => void;
}) {
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
      <Tab onOpenAnalytics={onOpenAnalytics} />
    </Suspense>
  );
}
