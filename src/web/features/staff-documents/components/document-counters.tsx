import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import type { StaffDocument } from '../../../../shared/schemas/staff-documents';
import { EMPTY_FILTERS, useDocumentList } from '../api/staff-documents';

const count = (docs: StaffDocument[] | undefined, status: StaffDocument['status']) =>
  docs ? docs.filter((d) => d.status === status).length : null;

/** The review counters, computed from the current patient documents (ruling 9). */
export function DocumentCounters() {
  const docs = useDocumentList('patient-documents', EMPTY_FILTERS);
  const data = docs.data;
  return (
    <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-3" aria-label="Review status">
      <li>
        <StatCard
          label="Under Review"
          icon={Clock}
          value={count(data, 'pending')}
          hint="Waiting for a reviewer"
        />
      </li>
      <li>
        <StatCard
          label="Approved"
          icon={CheckCircle2}
          value={count(data, 'approved')}
          hint="Current documents"
        />
      </li>
      <li>
        <StatCard
          label="Rejected"
          icon={XCircle}
          value={count(data, 'rejected')}
          hint="Waiting for a new upload"
        />
      </li>
    </ul>
  );
}
