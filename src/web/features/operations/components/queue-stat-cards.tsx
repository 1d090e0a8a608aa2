import { Clock, Stethoscope, Timer, Users } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatMinutes } from '@/features/admin-dashboard/staff-format';
import type { AdminQueueStatus } from '../../../../shared/schemas/operations';

/** The live queue's four figures (GET /api/admin/queue-status). */
export function QueueStatCards({ data }: { data: AdminQueueStatus | undefined }) {
  return (
    <ul
      className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4"
      aria-label="Live queue"
    >
      <li>
        <StatCard
          label="Patients Waiting"
          icon={Users}
          value={data ? data.queueLength : null}
          hint="In line now, not yet admitted"
        />
      </li>
      <li>
        <StatCard
          label="Average Wait"
          icon={Clock}
          value={data ? formatMinutes(data.averageWaitTime) : null}
          hint="Today, from joining the line to being admitted"
        />
      </li>
      <li>
        <StatCard
          label="Doctors On Duty"
          icon={Stethoscope}
          value={data ? data.doctorsOnDuty : null}
          hint="Signed in with their dashboard open right now"
        />
      </li>
      <li>
        <StatCard
          label="Avg. Consultation"
          icon={Timer}
          value={data ? formatMinutes(data.averageConsultationMinutes) : null}
          hint="Length of a visit, last 30 days; patients' wait estimates use it"
        />
      </li>
    </ul>
  );
}
