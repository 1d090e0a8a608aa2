import { Badge } from '@/components/ui/badge';
import type { DocumentStatus } from '../../../../shared/documents';

// Document review status (staff-and-video.md §4): pending reads "Under Review".
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  pending: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

const VARIANTS: Record<DocumentStatus, 'warning' | 'success' | 'destructive'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

export function StaffDocumentStatus({ status }: { status: DocumentStatus }) {
  return <Badge variant={VARIANTS[status]}>{DOCUMENT_STATUS_LABELS[status]}</Badge>;
}
