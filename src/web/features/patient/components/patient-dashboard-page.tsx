import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { latestApplication, useApplications } from '@/features/applications/api/applications';
import { useAuth } from '@/features/auth/api/session';
import { useLogout } from '@/features/auth/api/use-logout';
import { VerifyEmailNotice } from '@/features/auth/components/verify-email-notice';
import { QUEUE_POLL_DASHBOARD_MS, useQueueStatus } from '@/features/queue/api/queue';
import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import { useJourney } from '../api/journey';
import { OverviewTab } from './overview-tab';
import type { ProfileSection } from './profile-dialog';

// Loaded after the overview: the other tabs' forms and dialogs (react-hook-form, zod, Radix
// dialogs) and the live socket are not needed to show a patient where they are.
const PatientLiveUpdates = lazy(async () => ({
  default: (await import('./live-updates')).PatientLiveUpdates,
}));
const ProfileTab = lazy(async () => ({ default: (await import('./profile-tab')).ProfileTab }));
const DashboardDocumentsTab = lazy(async () => ({
  default: (await import('@/features/documents/components/dashboard-documents-tab'))
    .DashboardDocumentsTab,
}));

function TabSpinner() {
  return (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner />
    </div>
  );
}

const TABS = ['overview', 'documents', 'profile'] as const;
type Tab = (typeof TABS)[number];

/** /patient/dashboard (patient-side.md §2.8). The tab and open form live in the address. */
export function PatientDashboardPage() {
  const t = useT();
  const { user } = useAuth();
  const { logout, pending } = useLogout();
  const applications = useApplications();
  const queue = useQueueStatus(QUEUE_POLL_DASHBOARD_MS);
  const journey = useJourney();
  const [params, setParams] = useSearchParams();

  // Everything the overview shows arrives before it renders, so nothing moves after (issue 23).
  if (!user || applications.isPending || journey.isPending || queue.isPending)
    return <FullPageSpinner />;
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'overview';
  const editParam = params.get('edit');
  const editing: ProfileSection | null =
    tab === 'profile' && (editParam === 'profile' || editParam === 'address') ? editParam : null;
  const latest = latestApplication(applications.data);

  const setTab = (value: string) =>
    setParams(value === 'overview' ? {} : { tab: value }, { replace: true });
  const setEditing = (section: ProfileSection | null) =>
    setParams(section ? { tab: 'profile', edit: section } : { tab: 'profile' }, { replace: true });

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{t('dashboard.pageTitle', { brand: BRAND_NAME })}</title>
      <Suspense fallback={null}>
        <PatientLiveUpdates email={user.email} />
      </Suspense>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">{t('dashboard.heading')}</h1>
        <p className="text-sm break-all text-muted-foreground">{user.email}</p>
        <Link to="/patient/consultation" className="w-fit text-sm text-primary underline">
          {t('dashboard.visitsLink')}
        </Link>
      </div>
      <VerifyEmailNotice />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t('dashboard.tabs.label')}>
          <TabsTrigger value="overview">{t('dashboard.tabs.overview')}</TabsTrigger>
          <TabsTrigger value="documents">{t('dashboard.tabs.documents')}</TabsTrigger>
          <TabsTrigger value="profile">{t('dashboard.tabs.profile')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          {journey.data ? (
            <OverviewTab
              user={user}
              application={latest}
              queue={queue.data ?? null}
              journey={journey.data}
              onLogout={logout}
              loggingOut={pending}
            />
          ) : (
            <p role="alert" className="text-destructive">
              {t('dashboard.loadFailed')}
            </p>
          )}
        </TabsContent>
        <TabsContent value="documents">
          <Suspense fallback={<TabSpinner />}>
            <DashboardDocumentsTab application={latest} />
          </Suspense>
        </TabsContent>
        <TabsContent value="profile">
          <Suspense fallback={<TabSpinner />}>
            <ProfileTab user={user} editing={editing} onEdit={setEditing} />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
