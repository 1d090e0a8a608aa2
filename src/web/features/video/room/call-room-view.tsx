import { Mic, MicOff, MonitorOff, MonitorUp, Video, VideoOff } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { cn } from '@/lib/utils';
import { ToolButtons, ToolPanels } from '../tools/room-tools';
import { useRoomTools } from '../tools/use-room-tools';
import { CALL_MESSAGES, departureNotice, layoutFor } from './call-rules';
import { DeviceSettingsButton } from './device-settings-dialog';
import { EndConsultationButton, HangUpButton } from './end-consultation-button';
import { RoundButton } from './round-button';
import { StatusLabel } from './status-label';
import type { CallRoom } from './use-call-room';
import { EmptyTile, RemoteTile, SelfTile } from './video-tiles';

// The call room's screen (staff-and-video.md §2 Video call screens, In-room tools): two panes
// for a 1:1 call, a grid from three people, the connection status, and the control bar with
// the camera, microphone, screen share, device settings, the in-room tools, Hang up (leave;
// rejoinable) and, for the consultation's host, End consultation (issue 11).

interface CallRoomViewProps {
  call: CallRoom;
  title: string;
  selfName: string;
  /** The other party's pane before they arrive (1:1), e.g. 'Patient'. */
  otherLabel: string;
  onHangUp: () => void;
  /** The host of a consultation ends it here (confirmed first); absent for everyone else. */
  onEndConsultation?: () => void;
  endingConsultation?: boolean;
  /** This user's role (what a departure notice says). */
  selfRole: string;
  /** Beside the status (a link to the consultation's notes, say). */
  headerExtra?: ReactNode;
}

const canShareScreen = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

export function CallRoomView({
  call,
  title,
  selfName,
  otherLabel,
  onHangUp,
  onEndConsultation,
  endingConsultation,
  selfRole,
  headerExtra,
}: CallRoomViewProps) {
  const titleId = useId();
  const sharingNoteId = useId();
  const { localStream, screenStream } = call;
  const media = useMemo(() => ({ localStream, screenStream }), [localStream, screenStream]);
  const tools = useRoomTools(call.channel, media);

  const hasVideo = !!localStream?.getVideoTracks().length;
  const hasAudio = !!localStream?.getAudioTracks().length;
  const sharing = screenStream !== null;
  const someoneElseSharing = call.sharerSocketId !== null && !sharing;
  const shareSupported = canShareScreen();
  const layout = layoutFor(call.peers.length);

  const self = (
    <SelfTile
      name={selfName}
      stream={localStream}
      screenStream={screenStream}
      cameraOn={call.cameraOn}
      micOn={call.micOn}
    />
  );
  const remotes = call.peers.map((peer) => (
    <RemoteTile
      key={peer.participant.socketId}
      peer={peer}
      sharing={call.sharerSocketId === peer.participant.socketId}
      audioOutputId={call.audioOutputId}
    />
  ));

  return (
    <section
      aria-labelledby={titleId}
      className="flex min-h-[calc(100dvh-4rem)] w-full min-w-0 flex-1 flex-col bg-slate-950 text-white"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-3 sm:px-4">
        <h1 id={titleId} className="min-w-0 text-lg font-semibold break-words">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          {headerExtra}
          <StatusLabel status={call.status} />
        </div>
      </header>

      {call.phase === 'reconnecting' && (
        <p role="status" className="mx-3 rounded-md bg-yellow-400 px-3 py-2 text-sm text-slate-950">
          Connection to the server lost. Reconnecting...
        </p>
      )}
      {call.departed && call.peers.length === 0 && call.phase === 'joined' && (
        <p
          role="status"
          className="mx-3 rounded-md border border-sky-400 bg-sky-950 px-3 py-2 text-sm text-sky-50"
        >
          {departureNotice(call.departed.role, selfRole)}
        </p>
      )}
      {call.mediaError && (
        <p
          role="alert"
          className="mx-3 rounded-md border border-red-400 bg-red-950 px-3 py-2 text-sm text-red-50"
        >
          {call.mediaError}
        </p>
      )}

      <div className="relative flex min-h-0 flex-1 flex-col justify-center p-2 sm:p-4">
        <div
          className={cn(
            'mx-auto grid w-full grid-cols-1 gap-2 sm:gap-3',
            layout === 'pair'
              ? 'max-w-6xl md:grid-cols-2'
              : 'max-w-7xl sm:grid-cols-2 xl:grid-cols-3',
          )}
        >
          {layout === 'pair' ? (remotes[0] ?? <EmptyTile label={otherLabel} />) : remotes}
          {self}
        </div>
        <ToolPanels tools={tools} />
      </div>

      {someoneElseSharing && (
        <p id={sharingNoteId} className="px-3 pb-1 text-center text-sm text-yellow-200">
          {CALL_MESSAGES.sharingTaken}
        </p>
      )}
      <fieldset className="m-0 flex min-w-0 flex-wrap items-center justify-center gap-2 border-0 border-t border-slate-800 px-2 py-3 sm:gap-3">
        <legend className="sr-only">Call controls</legend>
        <RoundButton
          label={call.cameraOn ? 'Turn camera off' : 'Turn camera on'}
          icon={call.cameraOn ? Video : VideoOff}
          off={!call.cameraOn}
          disabled={!hasVideo}
          onClick={call.toggleCamera}
        />
        <RoundButton
          label={call.micOn ? 'Mute microphone' : 'Unmute microphone'}
          icon={call.micOn ? Mic : MicOff}
          off={!call.micOn}
          disabled={!hasAudio}
          onClick={call.toggleMic}
        />
        <RoundButton
          label={sharing ? 'Stop sharing' : 'Share screen'}
          icon={sharing ? MonitorOff : MonitorUp}
          off={sharing}
          disabled={someoneElseSharing || (!sharing && (!shareSupported || call.channel === null))}
          title={
            someoneElseSharing
              ? CALL_MESSAGES.sharingTaken
              : shareSupported
                ? undefined
                : 'Screen sharing is not supported in this browser'
          }
          aria-describedby={someoneElseSharing ? sharingNoteId : undefined}
          onClick={call.toggleShare}
        />
        <DeviceSettingsButton
          localStream={localStream}
          audioOutputId={call.audioOutputId}
          onChoose={call.chooseDevice}
        />
        <ToolButtons tools={tools} />
        <HangUpButton onClick={onHangUp} />
        {onEndConsultation && (
          <EndConsultationButton onConfirm={onEndConsultation} pending={endingConsultation} />
        )}
      </fieldset>
    </section>
  );
}
