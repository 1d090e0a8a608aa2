import { Info } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import { activeMeetings, useMeetings, useWaitingRoom } from '../api/meetings';
import { PatientQueue } from './patient-queue';

const ADMIT_OFF_ID = 'waiting-room-admit-off';

/**
 * The Waiting Room page: the clinic-wide line, each patient once, with the same actions as a
 * meeting. The list comes from the line itself, not from the doctors' meetings, so it is the
 * same line the sidebar counts even when no physician is on duty (issue 12); Admit then waits
 * for a doctor's meeting and says so. Admitting asks which meeting when several are open
 * (ruling 16).
 */
export function WaitingRoomTab() {
  const room = useWaitingRoom();
  const meetings = useMeetings();
  const open = activeMeetings(meetings.data ?? []);
  const list = room.data?.patients ?? [];
  const waiting = list.filter((p) => p.status === 'waiting').length;
  // Only once the meetings are known: a loading list is not "no physician".
  const noPhysician = meetings.isSuccess && open.length === 0;

  return (
    <Card>
      <CardHeader>
        <CardDescription>
          {room.data
            ? `${waiting} waiting · ${list.length - waiting} admitted or in consultation. Updated every 30 seconds.`
            : 'Patients who have paid and joined the queue, clinic-wide.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {noPhysician && waiting > 0 && (
          <p
            id={ADMIT_OFF_ID}
            className="flex items-start gap-2 rounded-md border border-border bg-muted p-3 text-sm"
          >
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            No physician is on duty, so patients cannot be admitted yet: Admit opens when a doctor
            signs in with the doctor dashboard open. You can still reject a patient, with a reason.
          </p>
        )}
        {room.isPending ? (
          <LoadingState label="Loading the waiting room" />
        ) : room.isError ? (
          <ErrorState
            error={room.error}
            fallback="Could not load the waiting room."
            onRetry={() => room.refetch()}
          />
        ) : (
          <PatientQueue
            patients={list}
            meetings={open}
            label="Clinic-wide waiting room"
            admitOffReasonId={noPhysician ? ADMIT_OFF_ID : undefined}
          />
        )}
      </CardContent>
    </Card>
  );
}
