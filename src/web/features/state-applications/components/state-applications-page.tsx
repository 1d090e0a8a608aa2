import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { useAuth } from '@/features/auth/api/session';
import { AreaTitle } from '@/features/staff-console/area-title';
import { ACCESS, allows, effectivePermissions } from '../../../../shared/roles';
import { EXPIRING_LICENSE_DAYS } from '../../../../shared/state-application';
import { useStateApplications } from '../api/state-applications';
import { ApplicationDetail } from './application-detail';
import { ApplicationList, ExpiringLicences } from './application-list';

/**
 * /admin/state-applications (issue 22): the desk where staff prepare, submit and follow the
 * OMMA applications of the patients the clinic applies for, most urgent first. The open
 * application is in the address (?id=), so a link or a reload keeps it.
 */
export function StateApplicationsPage() {
  const { user } = useAuth();
  const list = useStateApplications();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const detailRef = useRef<HTMLElement>(null);
  // The open application is below the list: brought into view when one is opened.
  useEffect(() => {
    if (selectedId) detailRef.current?.scrollIntoView();
  }, [selectedId]);
  const mayRefund =
    !!user &&
    allows(ACCESS.stateFeeRefund, {
      role: user.role,
      permissions: effectivePermissions(user.role, user.permissions),
    });

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-8">
      <AreaTitle area="stateApplications" />
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">State Applications</h1>
        <p className="text-sm text-muted-foreground">
          OMMA applications the clinic submits for its approved patients, within 30 days of the
          physician&apos;s signature. Flagged: 7 days or fewer left, or the window passed.
        </p>
      </div>
      {/* One column: the list's table needs the page's width, the detail follows it. */}
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Applications by urgency</CardTitle>
          </CardHeader>
          <CardContent>
            {list.isPending ? (
              <LoadingState label="Loading the applications" />
            ) : list.isError ? (
              <ErrorState
                error={list.error}
                fallback="Could not load the applications."
                onRetry={() => list.refetch()}
              />
            ) : (
              <ApplicationList
                list={list.data.applications}
                selectedId={selectedId}
                onOpen={(id) => setParams({ id })}
              />
            )}
          </CardContent>
        </Card>
        {selectedId && (
          <section ref={detailRef} aria-label="Open application" className="scroll-mt-4">
            <ApplicationDetail key={selectedId} id={selectedId} mayRefund={mayRefund} />
          </section>
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Licences expiring in the next {EXPIRING_LICENSE_DAYS} days</CardTitle>
          <CardDescription>Patients to remind that their renewal is due.</CardDescription>
        </CardHeader>
        <CardContent>
          {list.data && <ExpiringLicences list={list.data.expiringLicenses} />}
        </CardContent>
      </Card>
    </div>
  );
}
