import { ArrowRightLeft, ChevronDown, Stethoscope } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useReassignPatient } from '../api/lifecycle';
import { activeMeetings, useMeetings, type WaitingPatient } from '../api/meetings';

/**
 * Reassign a waiting or admitted patient to another doctor on duty (issue 10: doctor admins,
 * admins and master admins). The doctors offered are those with a meeting open today; an
 * admitted patient's own doctor is left out.
 */
export function ReassignMenu({
  patient,
  disabled,
}: {
  patient: WaitingPatient;
  disabled: boolean;
}) {
  const meetings = useMeetings();
  const reassign = useReassignPatient();
  const open = activeMeetings(meetings.data ?? []);
  const current =
    patient.status === 'admitted'
      ? open.find((m) => m.meetingId === patient.meetingId)?.doctor.id
      : undefined;
  const doctors = open.map((m) => m.doctor).filter((d) => d.id !== current);
  if (doctors.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || reassign.isPending}
          aria-label={`Reassign ${patient.patientName}, choose a doctor`}
        >
          <ArrowRightLeft aria-hidden="true" />
          Reassign
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Reassign to which doctor?</DropdownMenuLabel>
        {doctors.map((d) => (
          <DropdownMenuItem
            key={d.id}
            onSelect={() => reassign.mutate({ queueId: patient.id, doctorId: d.id })}
          >
            <Stethoscope aria-hidden="true" />
            {d.name}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
