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
import { formatUsd } from '../../../../shared/money';
import {
  changedFees,
  changedMode,
  FEE_HISTORY_LIMIT,
  type FeeHistoryEntry,
} from '../../../../shared/schemas/fees';
import { useFeeHistory } from '../api/fee-admin';
import { STATE_APPLICATION_MODE_LABELS, slotName } from './fee-words';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who changed the fees, when, and each changed fee's old → new amount (newest first). */
export function FeeHistoryTable() {
  const query = useFeeHistory();
  if (query.isPending) return <LoadingState label="Loading the history of changes" />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        fallback="Could not load the history of changes."
        onRetry={() => query.refetch()}
      />
    );
  if (query.data.changes.length === 0)
    return (
      <EmptyState title="No Changes Yet">
        The fees have not been changed since the clinic opened: the defaults are in force.
      </EmptyState>
    );
  return (
    <div className="grid gap-3">
      <Table stacked className="min-w-[640px]" scrollLabel="Fee changes">
        <TableCaption className="sr-only">Fee changes, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Changed by</TableHead>
            <TableHead>What changed</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.changes.map((entry) => (
            <TableRow key={entry.id} data-testid="fee-history-row">
              <TableCell label="When" className="whitespace-nowrap">
                {when.format(new Date(entry.changedAt))}
              </TableCell>
              <TableCell label="Changed by">{entry.changedBy.name}</TableCell>
              <TableCell label="What changed">
                <ul className="grid gap-1">
                  <ModeChange entry={entry} />
                  {changedFees(entry.previous, entry.schedule).map((c) => (
                    <li key={`${c.type}-${c.kind}-${c.part}`}>
                      {slotName(c)}:{' '}
                      <span className="tabular-nums whitespace-nowrap">
                        {formatUsd(c.fromCents)} → {formatUsd(c.toCents)}
                      </span>
                    </li>
                  ))}
                </ul>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-sm text-muted-foreground">
        The last {FEE_HISTORY_LIMIT} changes are shown, newest first.
      </p>
    </div>
  );
}

/** A change of who applies to OMMA (issue 22), in words. */
function ModeChange({ entry }: { entry: FeeHistoryEntry }) {
  const mode = changedMode(entry.previous, entry.schedule);
  if (!mode) return null;
  return (
    <li>
      Who applies to OMMA: {STATE_APPLICATION_MODE_LABELS[mode.from]} →{' '}
      {STATE_APPLICATION_MODE_LABELS[mode.to]}
    </li>
  );
}
