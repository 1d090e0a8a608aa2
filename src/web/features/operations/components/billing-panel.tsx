import { useState } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { StatCard } from '@/components/ui/stat-card';
import { formatDollars } from '@/features/admin-dashboard/staff-format';
import { useBilling } from '../api/operations';
import { WindowSelect, windowLabel } from './window-select';

/**
 * Billing verification (permission `financial`; refetched every 60 s, §9): revenue from
 * successful payments and the consultations that can be billed (ended with an outcome). The
 * state fees collected for OMMA are not revenue (issue 22): they are listed apart.
 */
export function BillingPanel({ idPrefix, days: fixedDays }: { idPrefix: string; days?: number }) {
  const [chosenDays, setDays] = useState(1);
  const days = fixedDays ?? chosenDays;
  const billing = useBilling(days, true);
  const b = billing.data;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {b ? `${b.window.from} to ${b.window.to} (clinic time). ` : ''}Updated every minute.
        </p>
        {fixedDays === undefined && (
          <WindowSelect id={`${idPrefix}-billing-window`} value={days} onChange={setDays} />
        )}
      </div>
      {billing.isPending ? (
        <LoadingState label="Loading billing figures" />
      ) : billing.isError ? (
        <ErrorState
          error={billing.error}
          fallback="Could not load the billing figures."
          onRetry={() => billing.refetch()}
        />
      ) : (
        b && (
          <ul
            className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-5"
            aria-label={`Billing, ${windowLabel(days)}`}
          >
            <li>
              <StatCard
                label="Revenue"
                value={formatDollars(b.revenue)}
                hint="Service fees taken on approval, less refunds"
              />
            </li>
            <li>
              <StatCard
                label="Billable sessions"
                value={b.billableSessions}
                hint="Consultations ended with an outcome"
              />
            </li>
            <li>
              <StatCard
                label="Consultations"
                value={b.overview.totalConsultations}
                hint="Started in the period"
              />
            </li>
            <li>
              <StatCard
                label="Completed"
                value={b.overview.completedConsultations}
                hint={`${b.overview.completionRate}% of started`}
              />
            </li>
            <li>
              <StatCard
                label="Billable"
                value={b.overview.billableConsultations}
                hint={`${b.overview.billableRate}% of started`}
              />
            </li>
          </ul>
        )
      )}
      {b && (
        <section aria-labelledby={`${idPrefix}-state-fees`} className="grid gap-2">
          <h3 id={`${idPrefix}-state-fees`} className="text-sm font-semibold">
            State fees (passed on to OMMA, not revenue)
          </h3>
          <ul
            className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4"
            aria-label={`State fees, ${windowLabel(days)}`}
          >
            <li>
              <StatCard
                label="State fees held"
                value={formatDollars(b.stateFees.held)}
                hint="Collected; the application is not yet submitted"
              />
            </li>
            <li>
              <StatCard
                label="Paid to OMMA"
                value={formatDollars(b.stateFees.paidToOmma)}
                hint="Paid with the submitted application"
              />
            </li>
            <li>
              <StatCard
                label="State fees refunded"
                value={formatDollars(b.stateFees.refunded)}
                hint="Given back: the application was not submitted"
              />
            </li>
            <li>
              <StatCard
                label="Other refunds"
                value={formatDollars(b.refunds)}
                hint="Service fees given back"
              />
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}
