import { Badge } from '@/components/ui/badge';
import type {
  ConsultationStatus,
  ConsultationStatusRecord,
} from '../../../../shared/schemas/follow-up';

const STATUS: Record<
  ConsultationStatus,
  { label: string; variant: 'outline' | 'warning' | 'success' }
> = {
  completed: { label: 'Completed', variant: 'outline' },
  collecting: { label: 'Collecting documents', variant: 'warning' },
  documents_collected: { label: 'Documents collected', variant: 'success' },
};

export function ConsultationStatusBadge({ status }: { status: ConsultationStatus }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

export function OutcomeBadge({ outcome }: { outcome: ConsultationStatusRecord['outcome'] }) {
  if (outcome === 'approved') return <Badge variant="success">Approved</Badge>;
  if (outcome === 'not_approved') return <Badge variant="destructive">Not approved</Badge>;
  return <Badge variant="outline">Outcome not recorded</Badge>;
}
