import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ChartPanel } from '@/features/consultation/room/chart-panel';
import { ChartSheet } from '@/features/consultation/room/chart-sheet';
import { useReleaseDocumentFilesOnLeave } from '@/features/consultation/room/document-files';
import { useRoomConsultation } from '@/features/consultation/room/use-room-consultation';
import type { CallQuality } from '@/features/device-check/lib/camera';
import { useEndConsultation } from '@/features/meetings/api/lifecycle';
import { QUEUE_STATUS_KEY } from '@/features/queue/api/queue';
import { BRAND_NAME } from '@/lib/brand';
import { useMediaQuery } from '@/lib/use-media-query';
import { homePathFor, isStaffRole } from '../../../../shared/roles';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { CONSULTATION_ROOM_TITLE, type JoinTokenResponse } from '../../../../shared/schemas/video';
import { markCallJoined } from '../lib/call-data';
import { CallRoomView } from '../room/call-room-view';
import { CallEndedScreen, CallErrorScreen, CallLeftScreen } from '../room/call-screens';
import { EndConsultationButton } from '../room/end-consultation-button';
import { RoomBar } from '../room/room-bar';
import { ShortcutsHelp } from '../room/shortcuts-help';
import { useCallRoom } from '../room/use-call-room';

// A call room page (issue 12: full-bleed, a slim bar with who, the status and the time; for
// staff in a consultation, the patient's chart beside the video, a sheet on a phone), and the
// two ways out of a consultation (issue 11, replacing staff-and-video.md §2's hang-up that
// leaves for good; ruling 2: a doctor's dashboard is /doctor/dashboard).
// - Hang up, either side: leave-session only, then a screen with Rejoin call. The others stay
//   in the call and are told the person may rejoin; the patient's Join stays on the dashboard.
// - End consultation, the host only (confirmed): the server's end route, which tells everyone
//   in the room call-ended and refuses later joins. The physician stays in the room with the
//   chart, where the outcome form now opens (issue 12).
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
}

export const displayName = (user: CurrentUser) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The side panel's width beside the video; below it the chart is a sheet. */
const WIDE = '(min-width: 768px)';

export function CallRoomScreen({ roomId, quality, user, title, exitTo }: CallRoomScreenProps) {
  const navigate = useNavigate();
  const patient = user.role === 'patient';
  const staff = isStaffRole(user.role);
  const home = patient ? '/patient/dashboard' : homePathFor(user.role);
  const queryClient = useQueryClient();
  const headingId = useId();
  const wide = useMediaQuery(WIDE);
  const [helpOpen, setHelpOpen] = useState(false);
  const [chartOpen, setChartOpen] = useState(false);
  // The room as the token named it: kept after leaving, when the snapshot may drop it.
  const [room, setRoom] = useState<JoinTokenResponse['room'] | null>(null);
  const [joinedAt, setJoinedAt] = useState<number | null>(null);
  // The chart's files (ID, photo, viewed documents) live as long as the room.
  useReleaseDocumentFilesOnLeave();

  const call = useCallRoom(roomId, {
    quality,
    selfName: displayName(user),
    selfRole: user.role,
    onJoined: (joined) => {
      setRoom(joined);
      setJoinedAt((at) => at ?? Date.now());
      if (patient) markCallJoined(joined.id);
    },
    // The dashboard's queue status is read again: its Join goes (nobody listened for the end
    // while this page was open).
    onCallEnded: () => {
      if (patient) void queryClient.invalidateQueries({ queryKey: [QUEUE_STATUS_KEY] });
    },
  });

  const end = useEndConsultation();
  const [endedId, setEndedId] = useState<string | null>(null);
  const currentRoom = call.room ?? room;
  const consultation = currentRoom?.kind !== 'session';
  const staffConsultation = staff && currentRoom?.kind === 'consultation';
  const chartData = useRoomConsultation(user, staffConsultation ? currentRoom : null, endedId);
  // The room tells its host the queue entry to end (the token's room.queueId).
  const queueId = staffConsultation ? currentRoom.queueId : null;
  const endConsultation = queueId
    ? () =>
        end.mutate(queueId, {
          onSuccess: (answer) => {
            // The server closes the room for everyone; this page need not wait to hear it.
            setEndedId(answer.consultation.id);
            call.leave();
          },
        })
    : undefined;

  const target = exitTo ?? home;
  const hangUp = () => {
    call.leave();
    if (consultation) return;
    if (target === -1) navigate(-1);
    else navigate(target);
  };

  const ended = call.phase === 'ended' || endedId !== null;
  const heading = staffConsultation
    ? (chartData.patientName ?? CONSULTATION_ROOM_TITLE)
    : (title ?? currentRoom?.title ?? 'Video Call');
  const otherLabel = consultation ? (patient ? 'Your physician' : 'Patient') : 'Participant';
  const startedAt = chartData.startedAt ? Date.parse(chartData.startedAt) : null;
  const inCall = call.phase === 'joined' || call.phase === 'reconnecting';
  const showChart = staffConsultation;

  let body: ReactNode;
  if (ended)
    body = (
      <CallEndedScreen
        dashboardPath={home}
        staff={staff}
        chart={
          showChart
            ? { beside: wide, open: () => setChartOpen(true), recorded: !!chartData.outcome }
            : undefined
        }
      />
    );
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
        labelledBy={headingId}
        selfName={displayName(user)}
        otherLabel={otherLabel}
        onHangUp={hangUp}
        onEndConsultation={endConsultation}
        endingConsultation={end.isPending}
        selfRole={user.role}
        onShowHelp={() => setHelpOpen(true)}
      />
    );

  const documentTitle = `${staffConsultation ? CONSULTATION_ROOM_TITLE : heading} | ${BRAND_NAME}`;
  if (call.phase === 'fatal')
    return (
      <>
        <title>{documentTitle}</title>
        <CallErrorScreen message={call.fatalError ?? ''} />
      </>
    );

  const chart = showChart ? (
    <ChartPanel consultation={chartData} ended={ended} canReview={chartData.canRead} />
  ) : null;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* Staff in a consultation keep the patient's name out of the tab's title. */}
      <title>{documentTitle}</title>
      <RoomBar
        headingId={headingId}
        eyebrow={patient ? BRAND_NAME : staffConsultation ? 'Video consultation with' : undefined}
        eyebrowFromSm={!patient}
        heading={heading}
        status={inCall ? call.status : null}
        statusText={ended ? 'Ended' : call.phase === 'left' ? 'You left' : undefined}
        since={ended ? null : (startedAt ?? joinedAt)}
        actions={
          <>
            {inCall && <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />}
            {chart && !wide && (
              <ChartSheet
                open={chartOpen}
                onOpenChange={setChartOpen}
                patientName={chartData.patientName}
              >
                {chart}
              </ChartSheet>
            )}
          </>
        }
      />
      <div className="flex min-h-0 flex-1">
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">{body}</div>
        {chart && wide && (
          <aside
            aria-label="Patient chart"
            className="w-[360px] shrink-0 overflow-y-auto border-l border-slate-800 bg-background text-foreground lg:w-[420px]"
          >
            {chart}
          </aside>
        )}
      </div>
    </div>
  );
}

/** Back to the previous page when there is one in this tab, else `fallback`. */
export function backOr(fallback: string): ExitTarget {
  const state = window.history.state as { idx?: number } | null;
  return state?.idx && state.idx > 0 ? -1 : fallback;
}
