import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { AreaTitle } from '@/features/staff-console/area-title';
import { useFees } from '../api/fees';
import { CurrentFeesTable } from './current-fees-table';
import { FeeHistoryTable } from './fee-history-table';
import { FeeScheduleForm } from './fee-schedule-form';

/**
 * The Fee Schedule screen (issue 12; ruling 4), for the `financial` permission: the fees in
 * force, a form to change them, and who changed what and when.
 */
export function FeeSchedulePage() {
  const fees = useFees();
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8">
      <AreaTitle area="fees" />
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">Fee Schedule</h1>
        <p className="text-sm text-muted-foreground">
          What patients pay for a new license or a renewal. A change applies to every payment made
          after it is saved.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Fees in force</CardTitle>
          <CardDescription>
            The state fee is OMMA&apos;s (the Oklahoma Medical Marijuana Authority&apos;s): passed
            on to OMMA, not revenue. The service fee is the clinic&apos;s charge for the visit.{' '}
            {fees.data?.stateApplication === 'patient_submits'
              ? 'Patients apply to OMMA and pay the state fee there: the clinic charges the service fee only.'
              : 'The clinic submits each OMMA application and pays the state fee it collected with the visit.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {fees.isPending ? (
            <LoadingState label="Loading the fees" />
          ) : fees.isError ? (
            <ErrorState
              error={fees.error}
              fallback="Could not load the fees."
              onRetry={() => fees.refetch()}
            />
          ) : (
            <CurrentFeesTable fees={fees.data} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Change the fees</CardTitle>
          <CardDescription>
            Choose who applies to OMMA and enter amounts in dollars, such as 104.30. You will see
            what changes before anything is saved.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* Not keyed by the amounts: a remount would drop the save's own callbacks. */}
          {fees.data && <FeeScheduleForm fees={fees.data} />}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>History of changes</CardTitle>
          <CardDescription>Who changed the fees, when, and from what to what.</CardDescription>
        </CardHeader>
        <CardContent>
          <FeeHistoryTable />
        </CardContent>
      </Card>
    </div>
  );
}
