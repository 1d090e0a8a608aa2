import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import type { CallQuality } from '@/features/device-check/lib/camera';
import { BRAND_NAME } from '@/lib/brand';
import { homePathFor, isStaffRole } from '../../../../shared/roles';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import type { JoinTokenResponse } from '../../../../shared/schemas/video';
import { clearCallData, markCallJoined, readCallData, saveCallData } from '../lib/call-data';
import { CallRoomView } from '../room/call-room-view';
import { CallEndedScreen, CallErrorScreen } from '../room/call-screens';
import { useCallRoom } from '../room/use-call-room';

// A call room page: the room, and what hanging up means for each side (staff-and-video.md §2
// Video call screens; ruling 2: a doctor's dashboard is /doctor/dashboard).
// - Staff: call-ended built from the stored call data (the server tells the consultation's
//   patient), the stored call data cleared, leave-session, then `exitTo`.
// - Patient: leave-session, then `exitTo`; Join stays on the dashboard until the physician
//   ends the consultation (issue 11: a hang-up can be undone).

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

  const call = useCallRoom(roomId, {
    quality,
    selfName: displayName(user),
    selfRole: user.role,
    onJoined: (room) => {
      if (patient) markCallJoined(room.id);
      else if (staff && room.kind === 'consultation')
        saveCallData({
          roomId: room.id,
          sessionId: room.id,
          applicationId: room.applicationId ?? undefined,
          callerRole: user.role,
        });
    },
  });

  const hangUp = () => {
    const room = call.room;
    call.leave((socket) => {
      if (staff && room?.kind === 'consultation') {
        const data = readCallData(roomId) ?? {
          roomId,
          sessionId: roomId,
          applicationId: room.applicationId ?? undefined,
          callerRole: user.role,
        };
        socket.emit('call-ended', data);
      }
    });
    if (staff) clearCallData();
    const target = exitTo ?? home;
    if (target === -1) navigate(-1);
    else navigate(target);
  };

  const heading = title ?? call.room?.title ?? 'Video Call';
  const consultation = call.room?.kind !== 'session';
  const otherLabel = consultation ? (patient ? 'Your physician' : 'Patient') : 'Participant';

  let body: ReactNode;
  if (call.phase === 'fatal') body = <CallErrorScreen message={call.fatalError ?? ''} />;
  else if (call.phase === 'ended') body = <CallEndedScreen dashboardPath={home} />;
  else if (call.phase === 'left') body = <FullPageSpinner />;
  else
    body = (
      <CallRoomView
        call={call}
        title={heading}
        selfName={displayName(user)}
        otherLabel={otherLabel}
        onHangUp={hangUp}
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
