import { Badge } from '@/components/ui/badge';
import type { QueueStatus } from '../../../../shared/queue';
import { QUEUE_STATUS_LABELS } from '../staff-format';

const VARIANTS: Record<
  QueueStatus,
  'warning' | 'secondary' | 'success' | 'outline' | 'destructive'
> = {
  waiting: 'warning',
  admitted: 'secondary',
  in_consultation: 'success',
  completed: 'outline',
  rejected: 'destructive',
  left: 'outline',
  payment_reversed: 'destructive',
};

export function QueueStatusBadge({ status }: { status: QueueStatus }) {
  return <Badge variant={VARIANTS[status]}>{QUEUE_STATUS_LABELS[status]}</Badge>;
}
