import { CalendarCheck, Clock, DollarSign, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { StatCard } from '@/components/ui/stat-card';
import { formatDay, formatDollars, formatMinutes } from '@/features/admin-dashboard/staff-format';
import type { Analytics } from '../../../../shared/schemas/operations';
import { useAnalytics } from '../api/operations';
import { BarChart, Funnel } from './charts';
import { WindowSelect, windowLabel } from './window-select';

export const consultationsChart = (a: Analytics) =>
  a.consultationsPerDay.map((d) => ({
    label: formatDay(d.date),
    value: d.count,
    display: String(d.count),
  }));

export const revenueChart = (perDay: { date: string; amount: string }[]) =>
  perDay.map((d) => ({
    label: formatDay(d.date),
    value: Number(d.amount),
    display: formatDollars(d.amount),
  }));

export const funnelSteps = (a: Analytics) => [
  { label: 'Registered', value: a.conversion.registered },
  { label: 'Paid', value: a.conversion.paid },
  { label: 'Consulted', value: a.conversion.consulted },
  { label: 'Approved', value: a.conversion.approved },
];

/** "Your figures" for a doctor admin (scope 'own'), the clinic's otherwise. */
export function ScopeBadge({ scope }: { scope: Analytics['scope'] }) {
  return scope === 'own' ? (
    <Badge variant="secondary">Your figures</Badge>
  ) : (
    <Badge variant="outline">Whole clinic</Badge>
  );
}

/**
 * The Analytics page's body (ruling 9: real figures): consultations per day, wait times, the patient
 * funnel and, with `financial`, revenue. A doctor admin sees their own consultations.
 */
export function AnalyticsPanel() {
  const [days, setDays] = useState(30);
  const analytics = useAnalytics(days);
  const a = analytics.data;
  const consultations = a ? a.consultationsPerDay.reduce((s, d) => s + d.count, 0) : null;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {a && <ScopeBadge scope={a.scope} />}
          {a?.scope === 'own'
            ? 'Consultations whose outcome you recorded.'
            : 'Consultations, waiting times and how far patients get.'}
        </p>
        <WindowSelect id="analytics-window" value={days} onChange={setDays} withToday={false} />
      </div>

      {analytics.isPending ? (
        <LoadingState label="Loading analytics" />
      ) : analytics.isError ? (
        <ErrorState
          error={analytics.error}
          fallback="Could not load the analytics."
          onRetry={() => analytics.refetch()}
        />
      ) : (
        a && (
          <>
            <ul
              className={`grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 ${a.revenue ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
              aria-label="Key figures"
            >
              <li>
                <StatCard
                  label="Consultations"
                  icon={CalendarCheck}
                  value={consultations}
                  hint={`Started · ${windowLabel(days)}`}
                />
              </li>
              <li>
                <StatCard
                  label="Average wait"
                  icon={Clock}
                  value={
                    a.waitTimes.averageMinutes === null
                      ? null
                      : formatMinutes(a.waitTimes.averageMinutes)
                  }
                  hint={
                    a.waitTimes.p90Minutes === null
                      ? 'From joining the line to being admitted'
                      : `From joining to admission; 9 in 10 wait under ${formatMinutes(a.waitTimes.p90Minutes)}`
                  }
                  emptyLabel="No admissions in this period"
                />
              </li>
              <li>
                <StatCard
                  label="Approved"
                  icon={TrendingUp}
                  value={a.conversion.approved}
                  hint={`Patients approved, of ${a.conversion.registered} who registered in the period`}
                />
              </li>
              {a.revenue && (
                <li>
                  <StatCard
                    label="Revenue"
                    icon={DollarSign}
                    value={formatDollars(a.revenue.total)}
                    hint={`Fees collected on approval · ${windowLabel(days)}`}
                  />
                </li>
              )}
            </ul>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <h3 className="font-semibold">Consultations per day</h3>
                  <CardDescription>
                    {a.window.from} to {a.window.to} (clinic time)
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <BarChart
                    title="Consultations started per day"
                    valueLabel="Consultations"
                    data={consultationsChart(a)}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <h3 className="font-semibold">Patient flow</h3>
                  <CardDescription>
                    Patients registered in the period and how far each got.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <Funnel title="From registration to approval" steps={funnelSteps(a)} />
                </CardContent>
              </Card>
              {a.revenue && (
                <Card className="lg:col-span-2">
                  <CardHeader>
                    <h3 className="font-semibold">Revenue per day</h3>
                    <CardDescription>
                      Fees collected (taken when a patient is approved),{' '}
                      {windowLabel(days).toLowerCase()}.
                    </CardDescription>
                  </CardHeader>
                  <CardContent>
                    <BarChart
                      title="Revenue per day"
                      valueLabel="Revenue"
                      data={revenueChart(a.revenue.perDay)}
                    />
                  </CardContent>
                </Card>
              )}
            </div>
          </>
        )
      )}
    </div>
  );
}
