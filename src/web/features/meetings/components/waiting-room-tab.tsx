import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { activeMeetings, clinicWaitingList, useMeetings } from '../api/meetings';
import { PatientQueue } from './patient-queue';

/**
 * The Waiting Room tab: the clinic-wide list, each patient once, with the same actions as a
 * meeting. Admitting asks which doctor's meeting when more than one is open (ruling 16).
 */
export function WaitingRoomTab() {
  const meetings = useMeetings();
  const list = meetings.data ? clinicWaitingList(meetings.data) : [];
  const waiting = list.filter((p) => p.status === 'waiting').length;

  return (
    <Card>
      <CardHeader>
        <CardDescription>
          {meetings.data
            ? `${waiting} waiting · ${list.length - waiting} admitted or in consultation. Updated every 30 seconds.`
            : 'Patients who have paid and joined the queue, clinic-wide.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {meetings.isPending ? (
          <LoadingState label="Loading the waiting room" />
        ) : meetings.isError ? (
          <ErrorState
            error={meetings.error}
            fallback="Could not load the waiting room."
            onRetry={() => meetings.refetch()}
          />
        ) : meetings.data.length === 0 ? (
          <EmptyState title="No active meetings">
            Waiting patients are listed through the doctors&apos; meetings, and no doctor is on duty
            right now. The list fills as soon as a doctor signs in with the doctor dashboard open.
          </EmptyState>
        ) : (
          <PatientQueue
            patients={list}
            meetings={activeMeetings(meetings.data)}
            label="Clinic-wide waiting room"
          />
        )}
      </CardContent>
    </Card>
  );
}
