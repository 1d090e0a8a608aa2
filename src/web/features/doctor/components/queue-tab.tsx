import { ExternalLink, Video } from 'lucide-react';
import { Link } from 'react-router';
import { PatientIdentity } from '@/components/patient-identity';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { QueueStatusBadge } from '@/features/admin-dashboard/components/queue-status-badge';
import { formatMinutes } from '@/features/admin-dashboard/staff-format';
import { APPLICATION_TYPE_LABELS } from '../../../../shared/fees';
import type { DoctorConsultation } from '../../../../shared/schemas/operations';
import { consultationPath } from '../../consultation/consultation-path';
import { useDoctorConsultations, useDoctorQueue } from '../api/doctor';
import { useDoctorStart } from '../api/use-doctor-start';

/** Current Queue (staff-and-video.md §2): the clinic's waiting patients and the doctor's own. */
export function QueueTab() {
  const queue = useDoctorQueue();
  const active = useDoctorConsultations('active');
  const start = useDoctorStart();
  const byQueue = new Map<string, DoctorConsultation>(
    (active.data ?? []).map((c) => [c.queueId, c]),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Current Queue</h2>
        <CardDescription>
          Patients waiting clinic-wide and those admitted to you. Updated every 10 seconds.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {queue.isPending ? (
          <LoadingState label="Loading the queue" />
        ) : queue.isError ? (
          <ErrorState
            error={queue.error}
            fallback="Could not load the queue."
            onRetry={() => queue.refetch()}
          />
        ) : queue.data.length === 0 ? (
          <EmptyState title="No Patients Waiting">
            Patients appear here when they have paid and joined the queue.
          </EmptyState>
        ) : (
          <Table stacked className="min-w-[640px]" scrollLabel="Current queue">
            <TableCaption className="sr-only">Current queue</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Position</TableHead>
                <TableHead>Patient</TableHead>
                <TableHead>Application Type</TableHead>
                <TableHead>Wait Time</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {queue.data.map((entry) => {
                const consultation = byQueue.get(entry.id);
                return (
                  <TableRow key={entry.id}>
                    <TableCell label="Position" className="font-semibold">
                      {entry.position > 0 ? `#${entry.position}` : '—'}
                    </TableCell>
                    <TableCell label="Patient" className="whitespace-nowrap">
                      <PatientIdentity
                        name={entry.patientName}
                        dateOfBirth={entry.dateOfBirth}
                        language={entry.language}
                      />
                    </TableCell>
                    <TableCell label="Application Type" className="whitespace-nowrap">
                      {APPLICATION_TYPE_LABELS[entry.applicationType]}
                    </TableCell>
                    <TableCell label="Wait Time" className="whitespace-nowrap">
                      {formatMinutes(entry.waitTime)}
                    </TableCell>
                    <TableCell label="Status">
                      <QueueStatusBadge status={entry.status} />
                    </TableCell>
                    <TableCell className="text-right">
                      {entry.status === 'in_consultation' ? (
                        consultation ? (
                          <Button asChild size="sm" variant="outline">
                            <Link
                              to={consultationPath({
                                patientId: consultation.patientId,
                                queueId: consultation.queueId,
                                roomId: consultation.roomId,
                                consultationId: consultation.id,
                              })}
                              aria-label={`Open the consultation with ${entry.patientName}`}
                            >
                              <ExternalLink aria-hidden="true" />
                              Open
                            </Link>
                          </Button>
                        ) : null
                      ) : (
                        <Button
                          size="sm"
                          disabled={start.isPending}
                          onClick={() => start.mutate(entry)}
                          aria-label={`Start consultation with ${entry.patientName}`}
                        >
                          <Video aria-hidden="true" />
                          Start
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
