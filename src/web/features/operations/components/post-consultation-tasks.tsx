import { bornOn } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { EmptyState, LoadingState } from '@/components/ui/data-states';
import { useMay } from '@/features/admin-dashboard/staff-access';
import { formatDateTime } from '@/lib/format';
import { usePostConsultationTasks } from '../api/operations';

/**
 * The post-consultation task board (GET /api/admin/post-consultation-tasks, refetched every
 * 45 s). The follow-up feature owns the data; it is shown when the call answers.
 */
export function PostConsultationTasks() {
  const may = useMay();
  const allowed = may('postConsultation');
  const tasks = usePostConsultationTasks(allowed);
  if (!allowed)
    return (
      <EmptyState title="Post-consultation tasks are not part of your role">
        The follow-up board is for staff with the Post-Consultation permission.
      </EmptyState>
    );
  if (tasks.isPending) return <LoadingState label="Loading tasks" />;
  if (tasks.isError)
    return (
      <EmptyState title="Tasks are not available right now">
        The follow-up service did not answer. Try again later.
      </EmptyState>
    );
  if (tasks.data.length === 0)
    return (
      <EmptyState title="No post-consultation tasks">
        Approved consultations that need documents collected appear here.
      </EmptyState>
    );
  return (
    <ul aria-label="Post-consultation tasks" className="grid grid-cols-1 gap-3">
      {tasks.data.map((t) => (
        <li key={t.id} className="grid grid-cols-1 gap-1 rounded-md border border-border p-3">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{t.patientName}</span>
            <span className="text-sm text-muted-foreground">{bornOn(t.dateOfBirth)}</span>
            <Badge variant={t.status === 'open' ? 'warning' : 'outline'}>
              {t.status === 'open' ? 'Collecting documents' : 'Not started'}
            </Badge>
            {t.transcriptionAvailable && <Badge variant="success">Transcription stored</Badge>}
          </p>
          <p className="text-sm text-muted-foreground">
            Seen by {t.doctorName} · completed {formatDateTime(t.completedAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
