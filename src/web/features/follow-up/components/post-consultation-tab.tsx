import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { bornOn } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type {
  ConsultationStatusRecord,
  PostConsultationTask,
} from '../../../../shared/schemas/follow-up';
import { useConsultationStatuses, usePostConsultationTasks } from '../api/follow-up';
import { FollowUpActions } from './follow-up-actions';
import { ConsultationStatusBadge, OutcomeBadge } from './follow-up-badges';

// staff-and-video.md §2 Post-Consultation: completed consultations needing document
// collection, with contact details, Call Patient and Mark Documents Collected (ruling 3).

export function PostConsultationTab() {
  const statuses = useConsultationStatuses();
  const tasks = usePostConsultationTasks();
  const taskByConsultation = new Map((tasks.data ?? []).map((t) => [t.consultationId, t]));

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="grid gap-1.5">
          <CardDescription>
            Completed consultations that still need documents collected. Call the patient, start the
            collection and mark the documents collected. The list refreshes every minute.
          </CardDescription>
        </div>
        <TaskSummary tasks={tasks.data} />
      </CardHeader>
      <CardContent>
        {statuses.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading consultations" />
          </div>
        ) : statuses.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 py-4">
            <p className="text-sm text-destructive">
              {errorMessage(statuses.error, 'Could not load the consultations.')}
            </p>
            <Button variant="outline" size="sm" onClick={() => statuses.refetch()}>
              Try again
            </Button>
          </div>
        ) : statuses.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No completed consultations need follow-up.
          </p>
        ) : (
          <ul className="grid gap-4" aria-label="Completed consultations">
            {statuses.data.map((record) => (
              <ConsultationItem
                key={record.id}
                record={record}
                task={taskByConsultation.get(record.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function TaskSummary({ tasks }: { tasks: PostConsultationTask[] | undefined }) {
  if (!tasks) return null;
  const open = tasks.filter((t) => t.status === 'open').length;
  const pending = tasks.length - open;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="sr-only">Follow-up tasks:</span>
      <Badge variant="warning">{open} collecting</Badge>
      <Badge variant="outline">{pending} ready to start</Badge>
    </p>
  );
}

function ConsultationItem({
  record,
  task,
}: {
  record: ConsultationStatusRecord;
  task: PostConsultationTask | undefined;
}) {
  const headingId = `consultation-${record.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border border-border p-4 sm:p-5"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-0.5">
          <h3 id={headingId} className="text-base font-semibold break-words">
            {record.patientName}
          </h3>
          <p className="text-sm text-muted-foreground">{bornOn(record.dateOfBirth)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <OutcomeBadge outcome={record.outcome} />
          <ConsultationStatusBadge status={record.consultationStatus} />
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-6">
        <Detail term="Ended">{formatDateTime(record.consultationCompletedAt)}</Detail>
        <Detail term="Doctor">{record.doctorName}</Detail>
        <Detail term="Email" className="lg:col-span-2">
          <a
            href={`mailto:${record.patientEmail}`}
            className="inline-flex items-center gap-1 text-primary [overflow-wrap:anywhere] underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {record.patientEmail}
          </a>
        </Detail>
        <Detail term="Phone">{record.patientPhone ?? 'No phone number on file'}</Detail>
        {task && (
          <Detail term="Transcription">
            {task.transcriptionAvailable ? 'Stored' : 'Not stored yet'}
          </Detail>
        )}
      </dl>
      <FollowUpActions record={record} />
    </li>
  );
}

function Detail({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
