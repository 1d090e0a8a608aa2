import type { LucideIcon } from 'lucide-react';
import { Activity, CalendarCheck, Radio, RefreshCw, Timer, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMay } from '@/features/admin-dashboard/staff-access';
import { formatMinutes } from '@/features/admin-dashboard/staff-format';
import { AreaTitle } from '@/features/staff-console/area-title';
import type { AdminQueueStatus, Analytics } from '../../../../shared/schemas/operations';
import { useMeetings } from '../../meetings/api/meetings';
import { useAnalytics, useQueueStatus } from '../api/operations';
import { consultationsChart, funnelSteps, revenueChart, ScopeBadge } from './analytics-panel';
import { BillingPanel } from './billing-panel';
import { BarChart, Funnel } from './charts';
import { MeetingsOverview } from './meetings-overview';
import { OpsPageHeader, updatedAt } from './ops-page-header';
import { Panel } from './panel';
import { QueueTable } from './queue-table';
import { WindowSelect, windowLabel } from './window-select';

const TITLE = 'Production Operations Center';

/**
 * /admin/production (staff-and-video.md §2): stat cards and tabs Automation Status, Patient
 * Flow, Revenue Analytics (with `financial`) and Operations, from the live queue and analytics.
 */
export function ProductionOperationsPage() {
  const may = useMay();
  const [days, setDays] = useState(30);
  const queue = useQueueStatus();
  const analytics = useAnalytics(days);
  const a = analytics.data;
  const q = queue.data;
  const financial = may('financial');
  const meetings = useMeetings(may('readMeetings'));
  const consultations = a ? a.consultationsPerDay.reduce((s, d) => s + d.count, 0) : null;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <AreaTitle area="production" />
      <OpsPageHeader
        title={TITLE}
        description="What runs on its own, how patients move through, and the day's operations."
      >
        <WindowSelect id="production-window" value={days} onChange={setDays} withToday={false} />
      </OpsPageHeader>

      {(queue.isError || analytics.isError) && (
        <p role="alert" className="text-sm text-destructive">
          Some figures could not be loaded; they show a dash until the next refresh.
        </p>
      )}
      <ul
        className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4"
        aria-label="Key figures"
      >
        <li>
          <StatCard
            label="Patients Waiting"
            icon={Users}
            value={q ? q.queueLength : null}
            hint="In line now, not yet admitted"
          />
        </li>
        <li>
          <StatCard
            label="Doctors On Duty"
            icon={Activity}
            value={q ? q.doctorsOnDuty : null}
            hint="Signed in with their dashboard open right now"
          />
        </li>
        <li>
          <StatCard
            label="Consultations"
            icon={CalendarCheck}
            value={consultations}
            hint={`Started${a?.scope === 'own' ? ' by you' : ''} · ${windowLabel(days)}`}
          />
        </li>
        <li>
          <StatCard
            label="Approved"
            icon={Timer}
            value={a ? a.conversion.approved : null}
            hint={
              a
                ? `Patients approved, of ${a.conversion.registered} who registered · ${windowLabel(days)}`
                : windowLabel(days)
            }
          />
        </li>
      </ul>

      <Tabs defaultValue="automation">
        <TabsList aria-label="Operations center">
          <TabsTrigger value="automation">Automation Status</TabsTrigger>
          <TabsTrigger value="flow">Patient Flow</TabsTrigger>
          {financial && <TabsTrigger value="revenue">Revenue Analytics</TabsTrigger>}
          <TabsTrigger value="operations">Operations</TabsTrigger>
        </TabsList>
        <TabsContent value="automation">
          <Panel
            title="Automation Status"
            description={`What happens without anyone on staff doing it, with today's figures. ${updatedAt(queue.dataUpdatedAt)}`}
          >
            <AutomationStatus queue={q} meetings={meetings.data?.length ?? null} />
          </Panel>
        </TabsContent>
        <TabsContent value="flow">
          <Panel
            title={<>Patient Flow {a && <ScopeBadge scope={a.scope} />}</>}
            description={`Patients registered ${windowLabel(days).toLowerCase()} and how far each got.`}
          >
            <PatientFlow analytics={analytics} />
          </Panel>
        </TabsContent>
        {financial && (
          <TabsContent value="revenue">
            <Panel
              title="Revenue Analytics"
              description="Fees collected per day (taken when a patient is approved) and billing verification."
            >
              <div className="grid grid-cols-1 gap-6">
                {a?.revenue ? (
                  <BarChart
                    title={`Revenue per day, ${windowLabel(days).toLowerCase()}`}
                    valueLabel="Revenue"
                    data={revenueChart(a.revenue.perDay)}
                  />
                ) : analytics.isPending ? (
                  <LoadingState label="Loading revenue" />
                ) : null}
                <div className="grid grid-cols-1 gap-2">
                  <h3 className="font-semibold">Billing verification</h3>
                  <BillingPanel idPrefix="production" days={days} />
                </div>
              </div>
            </Panel>
          </TabsContent>
        )}
        <TabsContent value="operations">
          <div className="grid grid-cols-1 gap-4">
            <Panel
              title="Patient Queue"
              description="Everyone waiting, admitted or in consultation, in the order they are seen. Refreshed every 30 seconds."
            >
              <QueueTable query={queue} />
            </Panel>
            <Panel
              title="Meetings"
              description="One consultation room for each doctor working today."
            >
              <MeetingsOverview />
            </Panel>
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PatientFlow({ analytics }: { analytics: ReturnType<typeof useAnalytics> }) {
  if (analytics.isPending) return <LoadingState label="Loading patient flow" />;
  if (analytics.isError)
    return (
      <ErrorState
        error={analytics.error}
        fallback="Could not load the patient flow."
        onRetry={() => analytics.refetch()}
      />
    );
  const a: Analytics = analytics.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Funnel title="From registration to approval" steps={funnelSteps(a)} />
      <div className="grid grid-cols-1 gap-4">
        <dl className="grid grid-cols-2 gap-4">
          <div className="grid grid-cols-1 gap-0.5">
            <dt className="text-xs text-muted-foreground">Average wait to admission</dt>
            <dd className="text-xl font-bold">
              {a.waitTimes.averageMinutes === null
                ? 'No data'
                : formatMinutes(a.waitTimes.averageMinutes)}
            </dd>
          </div>
          <div className="grid grid-cols-1 gap-0.5">
            <dt className="text-xs text-muted-foreground">9 in 10 patients wait under</dt>
            <dd className="text-xl font-bold">
              {a.waitTimes.p90Minutes === null ? 'No data' : formatMinutes(a.waitTimes.p90Minutes)}
            </dd>
          </div>
        </dl>
        <BarChart
          title="Consultations started per day"
          valueLabel="Consultations"
          data={consultationsChart(a)}
        />
      </div>
    </div>
  );
}

interface AutomationItem {
  icon: LucideIcon;
  title: string;
  text: string;
  figure: string | null;
}

function AutomationStatus({
  queue,
  meetings,
}: {
  queue: AdminQueueStatus | undefined;
  /** Meetings open today; null when unknown or not readable by the user. */
  meetings: number | null;
}) {
  const items: AutomationItem[] = [
    {
      icon: RefreshCw,
      title: 'Place in line',
      text: 'Updated the moment a patient joins, is admitted, starts, finishes or leaves, so every waiting patient sees where they stand.',
      figure: queue
        ? `${queue.queueLength} waiting · ${queue.queue.length - queue.queueLength} admitted or in consultation`
        : null,
    },
    {
      icon: Timer,
      title: 'Wait estimates',
      text: 'Each waiting patient sees an estimate: the patients ahead of them × the average consultation, shared among the doctors seeing patients today (at least one), updated whenever the line moves.',
      figure: queue
        ? `${formatMinutes(queue.averageConsultationMinutes)} average consultation · ${queue.doctorsOnDuty} ${queue.doctorsOnDuty === 1 ? 'doctor' : 'doctors'} online now`
        : null,
    },
    {
      icon: Radio,
      title: 'Instant updates',
      text: 'Patients see their new place in line, their call and their approval as soon as they happen, without reloading the page.',
      figure: null,
    },
    {
      icon: CalendarCheck,
      title: 'Daily meetings',
      text: 'Each doctor working today gets a consultation room; admitting a patient through it assigns the patient to that doctor.',
      figure:
        meetings === null
          ? null
          : `${meetings} ${meetings === 1 ? 'meeting' : 'meetings'} open today`,
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {items.map(({ icon: Icon, title, text, figure }) => (
        <li key={title} className="flex gap-3 rounded-md border border-border p-4">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="grid grid-cols-1 gap-1">
            <h3 className="flex flex-wrap items-center gap-2 font-semibold">
              {title}
              <Badge variant="success">Automatic</Badge>
            </h3>
            <p className="text-sm">{text}</p>
            {figure && <p className="text-sm font-medium text-primary">{figure}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
