import { PatientIdentity } from '@/components/patient-identity';
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
import { formatMinutes, formatTime } from '@/features/admin-dashboard/staff-format';
import type { useQueueStatus } from '../api/operations';

/** The live line (§3 Queue status (admin)): each patient named, with their date of birth. */
export function QueueTable({ query }: { query: ReturnType<typeof useQueueStatus> }) {
  if (query.isPending) return <LoadingState label="Loading the queue" />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        fallback="Could not load the queue."
        onRetry={() => query.refetch()}
      />
    );
  // No doctor connected: the first in line would read "0 min" and nobody would see them. The
  // patients' own page says the same (issue 21; ruling 16's live connection).
  const noPhysician = query.data.doctorsOnDuty === 0;
  if (query.data.queue.length === 0)
    return <EmptyState title="No Patients Waiting">Nobody is in the queue right now.</EmptyState>;
  return (
    <Table stacked className="min-w-[560px]" scrollLabel="Patient queue">
      <TableCaption className="sr-only">Patient queue</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Position</TableHead>
          <TableHead>Patient</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Estimated wait</TableHead>
          <TableHead>Joined</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {query.data.queue.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell label="Position" className="font-semibold">
              {entry.currentPosition > 0 ? `#${entry.currentPosition}` : '—'}
            </TableCell>
            <TableCell label="Patient">
              <PatientIdentity
                name={entry.patientName}
                dateOfBirth={entry.dateOfBirth}
                language={entry.language}
              />
            </TableCell>
            <TableCell label="Status">
              <QueueStatusBadge status={entry.status} />
            </TableCell>
            <TableCell label="Estimated wait" className="whitespace-nowrap">
              {entry.status !== 'waiting'
                ? '—'
                : noPhysician
                  ? 'No physician on duty'
                  : formatMinutes(entry.estimatedWaitTime)}
            </TableCell>
            <TableCell label="Joined" className="whitespace-nowrap">
              {formatTime(entry.joinedAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
