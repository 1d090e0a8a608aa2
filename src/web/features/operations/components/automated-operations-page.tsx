import { useState } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMay } from '@/features/admin-dashboard/staff-access';
import { AreaTitle } from '@/features/staff-console/area-title';
import { useQueueStatus } from '../api/operations';
import { BillingPanel } from './billing-panel';
import { MeetingsOverview } from './meetings-overview';
import { OpsPageHeader, updatedAt } from './ops-page-header';
import { Panel } from './panel';
import { PostConsultationTasks } from './post-consultation-tasks';
import { QueueStatCards } from './queue-stat-cards';
import { QueueTable } from './queue-table';

const TITLE = 'Automated Operations Dashboard';

/**
 * /admin/automated (staff-and-video.md §2): four live figures and tabs Patient Queue, Active
 * Meetings, Billing Analytics (with `financial`) and Post-Consultation Tasks. The switch moves
 * the queue's refresh from 30 s to 10 s (§9).
 */
export function AutomatedOperationsPage() {
  const may = useMay();
  const [high, setHigh] = useState(false);
  const queue = useQueueStatus(high);
  const financial = may('financial');

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <AreaTitle area="automated" />
      <OpsPageHeader
        title={TITLE}
        description="Live figures for the queue, meetings, billing and follow-up."
      >
        <div className="grid grid-cols-1 gap-1">
          <div className="flex items-center gap-3">
            <Switch
              id="high-frequency"
              checked={high}
              onCheckedChange={setHigh}
              aria-describedby="high-frequency-hint"
            />
            <Label htmlFor="high-frequency">High frequency</Label>
          </div>
          <p id="high-frequency-hint" className="text-xs text-muted-foreground">
            Queue refresh every {high ? '10' : '30'} seconds
            {queue.dataUpdatedAt ? ` · ${updatedAt(queue.dataUpdatedAt)}` : ''}
          </p>
        </div>
      </OpsPageHeader>

      {queue.isError && (
        <p role="alert" className="text-sm text-destructive">
          The live queue figures could not be loaded; they show a dash until the next refresh.
        </p>
      )}
      <QueueStatCards data={queue.data} />

      <Tabs defaultValue="queue">
        <TabsList aria-label="Operations">
          <TabsTrigger value="queue">Patient Queue</TabsTrigger>
          <TabsTrigger value="meetings">Active Meetings</TabsTrigger>
          {financial && <TabsTrigger value="billing">Billing Analytics</TabsTrigger>}
          <TabsTrigger value="tasks">Post-Consultation Tasks</TabsTrigger>
        </TabsList>
        <TabsContent value="queue">
          <Panel
            title="Patient Queue"
            description="Everyone waiting, admitted or in consultation, in the order they are seen."
          >
            <QueueTable query={queue} />
          </Panel>
        </TabsContent>
        <TabsContent value="meetings">
          <Panel
            title="Active Meetings"
            description="One consultation room for each doctor working today."
          >
            <MeetingsOverview />
          </Panel>
        </TabsContent>
        {financial && (
          <TabsContent value="billing">
            <Panel
              title="Billing Analytics"
              description="Payments received and consultations that can be billed."
            >
              <BillingPanel idPrefix="automated" />
            </Panel>
          </TabsContent>
        )}
        <TabsContent value="tasks">
          <Panel
            title="Post-Consultation Tasks"
            description="Approved consultations whose documents still need collecting. Updated every 45 seconds."
          >
            <PostConsultationTasks />
          </Panel>
        </TabsContent>
      </Tabs>
    </div>
  );
}
