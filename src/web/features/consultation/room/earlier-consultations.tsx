import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import type { ChartConsultation } from '../../../../shared/schemas/consultation-room';

/** The patient's other consultations, newest first (issue 12): who, when, the outcome, notes. */
export function EarlierConsultations({
  consultations,
  currentId,
}: {
  consultations: ChartConsultation[];
  currentId: string | null;
}) {
  const earlier = consultations.filter((c) => c.id !== currentId);
  if (earlier.length === 0)
    return (
      <p className="text-sm text-muted-foreground">This is the patient's first consultation.</p>
    );
  return (
    <ul className="grid grid-cols-1 gap-2">
      {earlier.map((c) => (
        <li key={c.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{formatDateTime(c.startedAt)}</span>
            <span className="text-muted-foreground">{c.doctorName}</span>
            {c.outcome === 'approved' ? (
              <Badge variant="success">Approved</Badge>
            ) : c.outcome === 'not_approved' ? (
              <Badge variant="destructive">Not approved</Badge>
            ) : (
              <Badge variant="outline">{c.endedAt ? 'No outcome yet' : 'In progress'}</Badge>
            )}
          </p>
          {c.outcomeReason && <p>Reason: {c.outcomeReason}</p>}
          {c.identityVerifiedAt && (
            <p className="text-muted-foreground">
              Identity checked {formatDateTime(c.identityVerifiedAt)}
            </p>
          )}
          {c.notes && <p className="whitespace-pre-wrap">{c.notes}</p>}
        </li>
      ))}
    </ul>
  );
}
