import { ChevronDown, DoorOpen, ExternalLink, PhoneOff, UserCheck, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useMay } from '@/features/admin-dashboard/staff-access';
import { consultationPath } from '../../consultation/consultation-path';
import { useAdmitPatient, useEndConsultation, useRejectPatient } from '../api/lifecycle';
import type { Meeting, WaitingPatient } from '../api/meetings';
import { useStartFromMeeting } from '../api/use-start-from-meeting';
import { ReassignMenu } from './reassign-menu';
import { RejectPatientDialog } from './reject-patient-dialog';

interface PatientActionsProps {
  patient: WaitingPatient;
  /** The meetings a waiting patient may be admitted to (one inside a meeting card). */
  meetings: Meeting[];
  /** The id of the words saying why Admit is off, when no meeting is open to admit into. */
  admitOffReasonId?: string;
}

/**
 * Admit, Reject and Start Video Call for a waiting patient (staff-and-video.md §2), Open and
 * End for one in consultation; each shown only to those who may call it (ruling 3).
 */
export function PatientActions({ patient, meetings, admitOffReasonId }: PatientActionsProps) {
  const may = useMay();
  const admit = useAdmitPatient();
  const reject = useRejectPatient();
  const start = useStartFromMeeting();
  const end = useEndConsultation();
  const busy = admit.isPending || reject.isPending || start.isPending || end.isPending;
  const name = patient.patientName;

  const canAdmit = may('admitOrReject');
  const canRun = may('runConsultation');
  const waiting = patient.status === 'waiting';
  // A waiting patient is admitted before the call starts: that needs the admit right too.
  const canStart = canRun && (patient.status === 'admitted' || (waiting && canAdmit));
  const canOpen = may('staff') && patient.status !== 'waiting';

  const target = { queueId: patient.id, applicationId: patient.applicationId };

  return (
    <div className="flex flex-wrap gap-2">
      {waiting && canAdmit && (
        <MeetingChoice
          meetings={meetings}
          label="Admit"
          icon={<UserCheck aria-hidden="true" />}
          variant="default"
          disabled={busy}
          patientName={name}
          onChoose={(meetingId) => admit.mutate({ meetingId, queueId: patient.id })}
          offReasonId={admitOffReasonId}
        />
      )}
      {canStart && (
        <MeetingChoice
          meetings={waiting ? meetings : []}
          label="Start Video Call"
          icon={<Video aria-hidden="true" />}
          variant={waiting ? 'outline' : 'default'}
          disabled={busy}
          patientName={name}
          onChoose={(meetingId) => start.mutate({ patient, meetingId })}
          fallbackMeetingId={patient.meetingId ?? undefined}
          offReasonId={admitOffReasonId}
        />
      )}
      {patient.status !== 'in_consultation' && canAdmit && (
        <RejectPatientDialog
          name={name}
          disabled={busy}
          onConfirm={(reason) =>
            reject.mutate({ meetingId: patient.meetingId, queueId: patient.id, reason })
          }
        />
      )}
      {patient.status !== 'in_consultation' && may('reassignPatient') && (
        <ReassignMenu patient={patient} disabled={busy} />
      )}
      {canOpen && (
        <Button asChild size="sm" variant="outline">
          <Link to={consultationPath(target)} aria-label={`Open the consultation for ${name}`}>
            <ExternalLink aria-hidden="true" />
            Open
          </Link>
        </Button>
      )}
      {patient.status === 'in_consultation' && canRun && (
        <Button
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={() => end.mutate(patient.id)}
          aria-label={`End Consultation with ${name}`}
        >
          <PhoneOff aria-hidden="true" />
          End Consultation
        </Button>
      )}
    </div>
  );
}

interface MeetingChoiceProps {
  meetings: Meeting[];
  label: string;
  icon: ReactNode;
  variant: 'default' | 'outline';
  disabled: boolean;
  patientName: string;
  onChoose: (meetingId: string) => void;
  /** Used when no meeting is offered (the patient already has one). */
  fallbackMeetingId?: string;
  /** Describes the button when it is off for want of a meeting. */
  offReasonId?: string;
}

/** One button when the meeting is known; a menu of doctors' meetings when there is a choice. */
function MeetingChoice({
  meetings,
  label,
  icon,
  variant,
  disabled,
  patientName,
  onChoose,
  fallbackMeetingId,
  offReasonId,
}: MeetingChoiceProps) {
  const only = meetings.length === 1 ? meetings[0]!.meetingId : undefined;
  const direct = only ?? (meetings.length === 0 ? fallbackMeetingId : undefined);
  if (direct || meetings.length === 0)
    return (
      <Button
        size="sm"
        variant={variant}
        disabled={disabled || !direct}
        onClick={() => direct && onChoose(direct)}
        aria-label={`${label}: ${patientName}`}
        aria-describedby={direct ? undefined : offReasonId}
      >
        {icon}
        {label}
      </Button>
    );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          variant={variant}
          disabled={disabled}
          aria-label={`${label}: ${patientName}, choose a doctor`}
        >
          {icon}
          {label}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Admit to which meeting?</DropdownMenuLabel>
        {meetings.map((m) => (
          <DropdownMenuItem key={m.meetingId} onSelect={() => onChoose(m.meetingId)}>
            <DoorOpen aria-hidden="true" />
            {m.topic}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
