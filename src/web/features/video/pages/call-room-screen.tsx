import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import type { CallQuality } from '@/features/device-check/lib/camera';
import { useEndConsultation } from '@/features/meetings/api/lifecycle';
import { QUEUE_STATUS_KEY } from '@/features/queue/api/queue';
import { BRAND_NAME } from '@/lib/brand';
import { homePathFor, isStaffRole } from '../../../../shared/roles';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import type { JoinTokenResponse } from '../../../../shared/schemas/video';
import { markCallJoined } from '../lib/call-data';
import { CallRoomView } from '../room/call-room-view';
import { CallEndedScreen, CallErrorScreen, CallLeftScreen } from '../room/call-screens';
import { EndConsultationButton } from '../room/end-consultation-button';
import { useCallRoom } from '../room/use-call-room';

// A call room page: the room, and the two ways out of a consultation (issue 11, replacing
// staff-and-video.md §2's hang-up that leaves for good; ruling 2: a doctor's dashboard is
// /doctor/dashboard).
// - Hang up, either side: leave-session only, then a screen with Rejoin call. The others stay
//   in the call and are told the person may rejoin; the patient's Join stays on the dashboard.
// - End consultation, the host only (confirmed): the server's end route, which tells everyone
//   in the room call-ended and refuses later joins.
// A video session's hang-up still goes to `exitTo`.

export type ExitTarget = string | -1;

interface CallRoomScreenProps {
  roomId: string;
  quality: CallQuality;
  user: CurrentUser;
  /** The heading; the room's own title when not given. */
  title?: string;
  /** Where hanging up goes (-1: back to the previous page). */
  exitTo?: ExitTarget;
  headerExtra?: (room: JoinTokenResponse['room'] | null) => ReactNode;
}

export const displayName = (user: CurrentUser) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

export function CallRoomScreen({
  roomId,
  quality,
  user,
  title,
  exitTo,
  headerExtra,
}: CallRoomScreenProps) {
  const navigate = useNavigate();
  const patient = user.role === 'patient';
  const staff = isStaffRole(user.role);
  const home = patient ? '/patient/dashboard' : homePathFor(user.role);
  const queryClient = useQueryClient();

  const call = useCallRoom(roomId, {
    quality,
    selfName: displayName(user),
    selfRole: user.role,
    onJoined: (room) => {
      if (patient) markCallJoined(room.id);
    },
    // The dashboard's queue status is read again: its Join goes (nobody listened for the end
    // while this page was open).
    onCallEnded: () => {
      if (patient) void queryClient.invalidateQueries({ queryKey: [QUEUE_STATUS_KEY] });
    },
  });

  const end = useEndConsultation();
  const [endedHere, setEndedHere] = useState(false);
  const target = exitTo ?? home;
  const consultation = call.room?.kind !== 'session';
  // The room tells its host the queue entry to end (the token's room.queueId).
  const queueId = staff && call.room?.kind === 'consultation' ? call.room.queueId : null;
  const endConsultation = queueId
    ? () =>
        end.mutate(queueId, {
          onSuccess: () => {
            // The server closes the room for everyone; this page need not wait to hear it.
            setEndedHere(true);
            call.leave();
          },
        })
    : undefined;

  const hangUp = () => {
    call.leave();
    if (consultation) return;
    if (target === -1) navigate(-1);
    else navigate(target);
  };

  const heading = title ?? call.room?.title ?? 'Video Call';
  const otherLabel = consultation ? (patient ? 'Your physician' : 'Patient') : 'Participant';

  let body: ReactNode;
  if (call.phase === 'fatal') body = <CallErrorScreen message={call.fatalError ?? ''} />;
  else if (call.phase === 'ended' || endedHere)
    body = <CallEndedScreen dashboardPath={home} staff={staff} />;
  else if (call.phase === 'left' && consultation)
    body = (
      <CallLeftScreen
        exitTo={typeof target === 'string' ? target : home}
        exitLabel="Back to dashboard"
        onRejoin={call.rejoin}
        detail={
          patient
            ? 'Your consultation is still in progress. You can rejoin until your physician ends it.'
            : 'The call goes on without you, and the patient is told you may rejoin. End the consultation when you are done.'
        }
      >
        {endConsultation && (
          <EndConsultationButton onConfirm={endConsultation} pending={end.isPending} tone="light" />
        )}
      </CallLeftScreen>
    );
  else if (call.phase === 'left') body = <FullPageSpinner />;
  else
    body = (
      <CallRoomView
        call={call}
        title={heading}
        selfName={displayName(user)}
        otherLabel={otherLabel}
        onHangUp={hangUp}
        onEndConsultation={endConsultation}
        endingConsultation={end.isPending}
        selfRole={user.role}
        headerExtra={headerExtra?.(call.room)}
      />
    );
  return (
    <>
      <title>{`${heading} | ${BRAND_NAME}`}</title>
      {body}
    </>
  );
}

/** Back to the previous page when there is one in this tab, else `fallback`. */
export function backOr(fallback: string): ExitTarget {
  const state = window.history.state as { idx?: number } | null;
  return state?.idx && state.idx > 0 ? -1 : fallback;
}
