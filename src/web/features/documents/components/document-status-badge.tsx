import { Badge } from '@/components/ui/badge';
import type { DocumentStatus } from '../../../../shared/documents';

// patient-side.md §4 Document status: a missing record is not_uploaded; pending reads
// "Under Review".
const BADGES: Record<
  DocumentStatus | 'not_uploaded',
  { label: string; variant: 'outline' | 'warning' | 'success' | 'destructive' }
> = {
  not_uploaded: { label: 'Not Uploaded', variant: 'outline' },
  pending: { label: 'Under Review', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus | 'not_uploaded' }) {
  const badge = BADGES[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
