import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/data-states';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatCalendarDate } from '@/lib/format';
import type { StateApplicationList } from '../../../../shared/schemas/state-application';
import { DaysLeft, isUrgent, StatusBadge } from './status-badge';

/** The desk's applications, most urgent first (the server's order). */
export function ApplicationList({
  list,
  selectedId,
  onOpen,
}: {
  list: StateApplicationList['applications'];
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  if (list.length === 0)
    return (
      <EmptyState title="No applications on the desk">
        Approved patients whose OMMA application the clinic submits appear here.
      </EmptyState>
    );
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>Patient</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Submit by</TableHead>
          <TableHead>Days left</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.map((row) => {
          const flagged = isUrgent(row.status, row.daysLeft) || row.status === 'lapsed';
          return (
            <TableRow
              key={row.id}
              aria-current={row.id === selectedId ? 'true' : undefined}
              className={row.id === selectedId ? 'bg-muted/60' : undefined}
            >
              <TableCell label="Patient" className="font-medium">
                <span className="inline-flex items-center gap-1.5">
                  {flagged && (
                    <AlertTriangle aria-hidden className="size-4 shrink-0 text-red-700" />
                  )}
                  {row.patientName}
                </span>
              </TableCell>
              <TableCell label="Status">
                <StatusBadge status={row.status} />
              </TableCell>
              <TableCell label="Submit by">{formatCalendarDate(row.submitBy)}</TableCell>
              <TableCell label="Days left">
                <DaysLeft status={row.status} daysLeft={row.daysLeft} />
              </TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="outline" onClick={() => onOpen(row.id)}>
                  Open<span className="sr-only"> the application of {row.patientName}</span>
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Licences expiring in the next 60 days: patients to remind of their renewal. */
export function ExpiringLicences({ list }: { list: StateApplicationList['expiringLicenses'] }) {
  if (list.length === 0)
    return <p className="text-sm text-muted-foreground">No licence expires in the next 60 days.</p>;
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead>Patient</TableHead>
          <TableHead>Licence</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>Days left</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.map((l) => (
          <TableRow key={l.patientId}>
            <TableCell label="Patient" className="font-medium">
              {l.patientName}
            </TableCell>
            <TableCell label="Licence">{l.licenseNumber}</TableCell>
            <TableCell label="Expires">{formatCalendarDate(l.expiresOn)}</TableCell>
            <TableCell label="Days left">{l.daysLeft}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
