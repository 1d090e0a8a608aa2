import { bornOn } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatAuditTime } from '../../../../shared/audit-actions';
import type { AuditEntryView } from '../../../../shared/schemas/audit';

const OUTCOME_TONE = {
  success: 'success',
  failure: 'destructive',
  denied: 'destructive',
} as const;

/** A list read can name many patients: the first few, then how many more. */
const SHOWN_PATIENTS = 3;

function Patients({ entry }: { entry: AuditEntryView }) {
  if (entry.patients.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = entry.patients.slice(0, SHOWN_PATIENTS);
  const more = entry.patients.length - shown.length;
  return (
    <ul className="grid gap-1">
      {shown.map((p) => (
        <li key={p.id}>
          <span className="font-medium">{p.name}</span>
          <span className="block text-xs text-muted-foreground">{bornOn(p.dateOfBirth)}</span>
        </li>
      ))}
      {more > 0 && (
        <li className="text-xs text-muted-foreground">
          and {more} more {more === 1 ? 'patient' : 'patients'}
        </li>
      )}
    </ul>
  );
}

/** The trail's rows: who did what, when, from which address, on which record, about whom. */
export function AuditTable({
  entries,
  timeZone,
}: {
  entries: readonly AuditEntryView[];
  timeZone: string;
}) {
  return (
    <Table stacked className="min-w-[820px]" scrollLabel="Audit trail">
      <TableCaption className="sr-only">Audit trail, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>What</TableHead>
          <TableHead>Patient</TableHead>
          <TableHead>Record</TableHead>
          <TableHead>Address</TableHead>
          <TableHead>Outcome</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.id} data-testid="audit-row">
            <TableCell label="When" className="whitespace-nowrap tabular-nums">
              <time dateTime={e.at}>{formatAuditTime(e.at, timeZone)}</time>
            </TableCell>
            <TableCell label="Who">
              {e.actor ? (
                <span>
                  <span className="font-medium">{e.actor.name}</span>
                  {e.actor.roleLabel && (
                    <span className="block text-xs text-muted-foreground">{e.actor.roleLabel}</span>
                  )}
                </span>
              ) : (
                <span className="text-muted-foreground">System</span>
              )}
            </TableCell>
            <TableCell label="What">{e.what}</TableCell>
            <TableCell label="Patient">
              <Patients entry={e} />
            </TableCell>
            <TableCell label="Record" className="break-words">
              {e.target?.label ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell label="Address" className="break-all">
              {e.ip ? (
                <span className="font-mono text-xs">{e.ip}</span>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell label="Outcome">
              <Badge variant={OUTCOME_TONE[e.outcome as keyof typeof OUTCOME_TONE] ?? 'outline'}>
                {e.outcomeWords}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
