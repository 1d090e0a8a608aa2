import { Clock } from 'lucide-react';
import { bornOn } from '@/components/patient-identity';
import { PatientLanguageBadge } from '@/components/patient-language';
import { EmptyState } from '@/components/ui/data-states';
import { QueueStatusBadge } from '@/features/admin-dashboard/components/queue-status-badge';
import { formatMinutes, formatTime, minutesFromMs } from '@/features/admin-dashboard/staff-format';
import { APPLICATION_TYPE_LABELS } from '../../../../shared/fees';
import type { Meeting, WaitingPatient } from '../api/meetings';
import { PatientActions } from './patient-actions';

interface PatientQueueProps {
  patients: WaitingPatient[];
  /** The meetings a waiting patient may be admitted to. */
  meetings: Meeting[];
  /** The list's accessible name. */
  label: string;
  /** The id of the words saying why Admit is off (no meeting open), when it is. */
  admitOffReasonId?: string;
}

/** Waiting patients as cards: they read well at 360 px and keep their actions together. */
export function PatientQueue({ patients, meetings, label, admitOffReasonId }: PatientQueueProps) {
  if (patients.length === 0)
    return (
      <EmptyState title="No Patients Waiting">
        Patients appear here when they have paid and joined the queue.
      </EmptyState>
    );
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3">
      {patients.map((patient) => (
        <li
          key={patient.id}
          className="grid grid-cols-1 gap-3 rounded-md border border-border p-3 sm:flex sm:items-center sm:justify-between"
        >
          <div className="grid grid-cols-1 gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{patient.patientName}</span>
              <PatientLanguageBadge language={patient.language} />
              <QueueStatusBadge status={patient.status} />
            </p>
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>{bornOn(patient.dateOfBirth)}</span>
              <span>{APPLICATION_TYPE_LABELS[patient.applicationType]}</span>
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-3.5" />
                Joined {formatTime(patient.joinTime)} · waiting{' '}
                {formatMinutes(minutesFromMs(patient.waitingTime))}
              </span>
            </p>
          </div>
          <PatientActions
            patient={patient}
            meetings={meetings}
            admitOffReasonId={admitOffReasonId}
          />
        </li>
      ))}
    </ul>
  );
}
