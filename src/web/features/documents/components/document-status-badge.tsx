import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/use-t';
import type { DocumentStatus } from '../../../../shared/documents';
import { STATUS_KEYS } from '../labels';

// patient-side.md §4 Document status: a missing record is not_uploaded; pending reads
// "Under Review".
const BADGES: Record<
  DocumentStatus | 'not_uploaded',
  'outline' | 'warning' | 'success' | 'destructive'
> = {
  not_uploaded: 'outline',
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus | 'not_uploaded' }) {
  const t = useT();
  return <Badge variant={BADGES[status]}>{t(STATUS_KEYS[status])}</Badge>;
}
