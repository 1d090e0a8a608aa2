import { ArrowRightLeft, ChevronDown, Languages, Stethoscope } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useReassignPatient } from '../api/lifecycle';
import { activeMeetings, type Meeting, useMeetings, type WaitingPatient } from '../api/meetings';

type Doctor = Meeting['doctor'];
const consultsInSpanish = (d: Doctor) => d.languages?.includes('es') ?? false;

/**
 * Reassign a waiting or admitted patient to another doctor on duty (issue 10: doctor admins,
 * admins and master admins). The doctors offered are those with a meeting open today; an
 * admitted patient's own doctor is left out. For a Spanish speaker (issue 24) the doctors who
 * consult in Spanish come first, and while one is connected (`spanishPhysicianOnDuty`) the row
 * offers to move the patient to one of them directly.
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
  const others = open.map((m) => m.doctor).filter((d) => d.id !== current);
  if (others.length === 0) return null;
  const spanishSpeaker = patient.language === 'es';
  const spanishDoctors = spanishSpeaker ? others.filter(consultsInSpanish) : [];
  // Stable: the Spanish-speaking doctors first for a Spanish speaker, the order otherwise kept.
  const doctors = spanishSpeaker
    ? [...spanishDoctors, ...others.filter((d) => !consultsInSpanish(d))]
    : others;
  const busy = disabled || reassign.isPending;
  const move = (d: Doctor) => reassign.mutate({ queueId: patient.id, doctorId: d.id });
  const offerSpanish = patient.spanishPhysicianOnDuty === true && spanishDoctors.length > 0;

  return (
    <>
      {offerSpanish &&
        (spanishDoctors.length === 1 ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => move(spanishDoctors[0]!)}
            aria-label={`Move ${patient.patientName} to ${spanishDoctors[0]!.name}, who consults in Spanish`}
          >
            <Languages aria-hidden="true" />
            Move to {spanishDoctors[0]!.name} (Spanish)
          </Button>
        ) : (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={`Move ${patient.patientName} to a doctor who consults in Spanish`}
              >
                <Languages aria-hidden="true" />
                Move to a Spanish-speaking doctor
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Doctors who consult in Spanish</DropdownMenuLabel>
              {spanishDoctors.map((d) => (
                <DropdownMenuItem key={d.id} onSelect={() => move(d)}>
                  <Stethoscope aria-hidden="true" />
                  {d.name}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        ))}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
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
            <DropdownMenuItem key={d.id} onSelect={() => move(d)}>
              <Stethoscope aria-hidden="true" />
              {d.name}
              {consultsInSpanish(d) && (
                <span className="text-xs text-muted-foreground">· consults in Spanish</span>
              )}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
