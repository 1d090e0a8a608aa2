import { Badge } from '@/components/ui/badge';
import {
  STATE_APPLICATION_STATUS_LABELS,
  type StateApplicationStatus,
  SUBMIT_WARNING_DAYS,
} from '../../../../shared/state-application';

/** Still to send with SUBMIT_WARNING_DAYS or fewer left: the desk's flag (issue 22). */
export const isUrgent = (status: StateApplicationStatus, daysLeft: number) =>
  (status === 'preparing' || status === 'rejected') && daysLeft <= SUBMIT_WARNING_DAYS;

export function StatusBadge({ status }: { status: StateApplicationStatus }) {
  const variant =
    status === 'approved'
      ? 'success'
      : status === 'lapsed' || status === 'rejected'
        ? 'destructive'
        : status === 'submitted'
          ? 'secondary'
          : 'outline';
  return <Badge variant={variant}>{STATE_APPLICATION_STATUS_LABELS[status]}</Badge>;
}

/** "5 days left", "due today", "2 days late": what the days left mean for the desk. */
export function daysLeftWords(daysLeft: number) {
  if (daysLeft === 0) return 'Due today';
  if (daysLeft < 0) return `${-daysLeft} day${daysLeft === -1 ? '' : 's'} past`;
  return `${daysLeft} day${daysLeft === 1 ? '' : 's'} left`;
}

export function DaysLeft({
  status,
  daysLeft,
}: {
  status: StateApplicationStatus;
  daysLeft: number;
}) {
  if (status === 'submitted' || status === 'approved') return <span>—</span>;
  const urgent = isUrgent(status, daysLeft) || status === 'lapsed';
  return (
    <span className={urgent ? 'font-semibold text-red-700' : undefined}>
      {daysLeftWords(daysLeft)}
      {isUrgent(status, daysLeft) && <span className="sr-only"> (urgent)</span>}
    </span>
  );
}
