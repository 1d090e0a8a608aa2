import { Mic, MicOff, MonitorOff, MonitorUp, Video, VideoOff } from 'lucide-react';
import { useId, useMemo } from 'react';
import { isHandheld } from '@/lib/device';
import { cn } from '@/lib/utils';
import { ToolButtons, ToolPanels } from '../tools/room-tools';
import { useRoomTools } from '../tools/use-room-tools';
import { CALL_MESSAGES, departureNotice, layoutFor } from './call-rules';
import { shortcutKey, useCallShortcuts } from './call-shortcuts';
import { DeviceSettingsButton } from './device-settings-dialog';
import { EndConsultationButton, HangUpButton } from './end-consultation-button';
import { RoundButton } from './round-button';
import type { CallRoom } from './use-call-room';
import { EmptyTile, RemoteTile, SelfTile } from './video-tiles';

// The call room's video and controls (staff-and-video.md §2 Video call screens, In-room tools;
// issue 12): a 1:1 call fills the space with the other person and shows oneself small in a
// corner; from three people, a grid. The control bar has labelled controls with keyboard
// shortcuts (M, V, S): camera, microphone, screen share (not on a phone), device settings, the in-room tools,
// Hang up (leave; rejoinable) and, for the consultation's host, End consultation (issue 11).
// The room's top bar (name, status, time) is the page's (call-room-screen.tsx).

interface CallRoomViewProps {
  call: CallRoom;
  /** The room's heading (the top bar's), which names this region. */
  labelledBy: string;
  selfName: string;
  /** The other party's pane before they arrive (1:1), e.g. 'Patient'. */
  otherLabel: string;
  onHangUp: () => void;
  /** The host of a consultation ends it here (confirmed first); absent for everyone else. */
  onEndConsultation?: () => void;
  endingConsultation?: boolean;
  /** This user's role (what a departure notice says). */
  selfRole: string;
  /** "?" opens the shortcuts' help. */
  onShowHelp: () => void;
}

/**
 * Screen sharing is offered only where it works (issue 21): the browser has getDisplayMedia
 * and the device is not a phone or tablet, whose browsers either lack it or share nothing useful.
 */
const canShareScreen = () =>
  typeof navigator !== 'undefined' &&
  typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
  !isHandheld();

export function CallRoomView({
  call,
  labelledBy,
  selfName,
  otherLabel,
  onHangUp,
  onEndConsultation,
  endingConsultation,
  selfRole,
  onShowHelp,
}: CallRoomViewProps) {
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
  const mayShare = !someoneElseSharing && (sharing || (shareSupported && call.channel !== null));

  useCallShortcuts({
    mic: hasAudio ? call.toggleMic : undefined,
    camera: hasVideo ? call.toggleCamera : undefined,
    share: mayShare ? call.toggleShare : undefined,
    help: onShowHelp,
  });

  const pair = layout === 'pair';
  const self = (
    <SelfTile
      className={
        pair
          ? 'absolute right-3 bottom-3 z-10 w-28 shadow-lg ring-1 ring-slate-600 sm:w-44 lg:w-56'
          : undefined
      }
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
      className={pair ? 'aspect-auto size-full rounded-none bg-black' : undefined}
      fill={pair}
      peer={peer}
      sharing={call.sharerSocketId === peer.participant.socketId}
      audioOutputId={call.audioOutputId}
    />
  ));

  return (
    <section
      aria-labelledby={labelledBy}
      className="flex min-h-0 w-full min-w-0 flex-1 flex-col bg-slate-950 text-white"
    >
      {call.phase === 'reconnecting' && (
        <p
          role="status"
          className="mx-3 mt-2 rounded-md bg-yellow-400 px-3 py-2 text-sm text-slate-950"
        >
          Connection to the server lost. Reconnecting...
        </p>
      )}
      {call.departed && call.peers.length === 0 && call.phase === 'joined' && (
        <p
          role="status"
          className="mx-3 mt-2 rounded-md border border-sky-400 bg-sky-950 px-3 py-2 text-sm text-sky-50"
        >
          {departureNotice(call.departed.role, selfRole)}
        </p>
      )}
      {call.mediaError && (
        <p
          role="alert"
          className="mx-3 mt-2 rounded-md border border-red-400 bg-red-950 px-3 py-2 text-sm text-red-50"
        >
          {call.mediaError}
        </p>
      )}

      <div
        className={cn(
          'relative flex min-h-0 flex-1 flex-col justify-center',
          pair ? 'overflow-hidden' : 'overflow-y-auto p-2 sm:p-4',
        )}
      >
        {pair ? (
          <>
            {remotes[0] ?? (
              <EmptyTile label={otherLabel} className="aspect-auto size-full rounded-none" />
            )}
            {self}
          </>
        ) : (
          <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3 xl:grid-cols-3">
            {remotes}
            {self}
          </div>
        )}
        <ToolPanels tools={tools} />
      </div>

      {someoneElseSharing && shareSupported && (
        <p id={sharingNoteId} className="px-3 pb-1 text-center text-sm text-yellow-200">
          {CALL_MESSAGES.sharingTaken}
        </p>
      )}
      <fieldset className="m-0 flex min-w-0 flex-wrap items-center justify-center gap-1.5 border-0 border-t border-slate-800 bg-slate-900 px-2 py-2 sm:gap-2">
        <legend className="sr-only">Call controls</legend>
        <RoundButton
          label={call.micOn ? 'Mute' : 'Unmute'}
          icon={call.micOn ? Mic : MicOff}
          off={!call.micOn}
          shortcut={shortcutKey('mic')}
          disabled={!hasAudio}
          onClick={call.toggleMic}
        />
        <RoundButton
          label={call.cameraOn ? 'Stop camera' : 'Start camera'}
          icon={call.cameraOn ? Video : VideoOff}
          off={!call.cameraOn}
          shortcut={shortcutKey('camera')}
          disabled={!hasVideo}
          onClick={call.toggleCamera}
        />
        {(shareSupported || sharing) && (
          <RoundButton
            label={sharing ? 'Stop sharing' : 'Share screen'}
            icon={sharing ? MonitorOff : MonitorUp}
            off={sharing}
            shortcut={shortcutKey('share')}
            disabled={!mayShare}
            title={someoneElseSharing ? CALL_MESSAGES.sharingTaken : undefined}
            aria-describedby={someoneElseSharing ? sharingNoteId : undefined}
            onClick={call.toggleShare}
          />
        )}
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
