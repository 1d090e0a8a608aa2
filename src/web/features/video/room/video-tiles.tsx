import { MicOff, Volume2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { CALL_MESSAGES, CALL_TIMERS, initialOf } from './call-rules';
import type { PeerState } from './call-status';
import type { RemoteParticipant } from './call-types';

type SinkVideo = HTMLVideoElement & { setSinkId?: (sinkId: string) => Promise<void> };

function Tile({
  label,
  children,
  className,
  ...data
}: {
  label: string;
  children: ReactNode;
  className?: string;
  'data-peer-state'?: PeerState;
}) {
  return (
    <figure
      className={cn(
        'relative m-0 flex aspect-video min-h-0 w-full items-center justify-center overflow-hidden rounded-lg bg-slate-800',
        className,
      )}
      {...data}
    >
      {children}
      <figcaption className="absolute bottom-2 left-2 max-w-[calc(100%-1rem)] truncate rounded bg-slate-950/75 px-2 py-0.5 text-sm font-medium text-white">
        {label}
      </figcaption>
    </figure>
  );
}

/** A tile without video: the person's initial and why (§2: 'Waiting to connect...' or 'Camera Off'). */
function Placeholder({ name, note }: { name: string; note: string }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-800 text-white">
      <span
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-slate-600 text-2xl font-semibold"
      >
        {initialOf(name)}
      </span>
      <p className="text-sm">{note}</p>
    </div>
  );
}

/** This participant's own view: mirrored camera (or the shared screen), always muted. */
export function SelfTile({
  name,
  stream,
  screenStream,
  cameraOn,
  micOn,
  className,
}: {
  className?: string;
  name: string;
  stream: MediaStream | null;
  screenStream: MediaStream | null;
  cameraOn: boolean;
  micOn: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const shown = screenStream ?? stream;
  const hasVideo = !!shown && shown.getVideoTracks().length > 0;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = true;
    if (video.srcObject !== shown) video.srcObject = shown;
    // §9: muted again after 2 s (some browsers reset it once playback starts).
    const timer = setTimeout(() => {
      video.muted = true;
    }, CALL_TIMERS.localRemuteMs);
    return () => clearTimeout(timer);
  }, [shown]);

  const label = screenStream ? `${name} (You, sharing screen)` : `${name} (You)`;
  return (
    <Tile label={label} className={className}>
      <video
        ref={ref}
        autoPlay
        muted
        playsInline
        aria-label={screenStream ? 'Your shared screen' : 'Your camera (mirrored)'}
        className={cn('size-full object-cover', !screenStream && '-scale-x-100')}
      />
      {(!hasVideo || (!cameraOn && !screenStream)) && (
        <Placeholder name={name} note={CALL_MESSAGES.cameraOff} />
      )}
      {!micOn && (
        <span className="absolute top-2 right-2 rounded-full bg-slate-950/75 p-1.5 text-white">
          <MicOff aria-hidden="true" className="size-4" />
          <span className="sr-only">Your microphone is muted</span>
        </span>
      )}
    </Tile>
  );
}

/** Another participant: their video and sound, or a placeholder while there is none. */
export function RemoteTile({
  peer,
  sharing,
  audioOutputId,
  fill = false,
  className,
}: {
  /** The whole space is this person's (a 1:1 call): the whole picture shows, uncropped. */
  fill?: boolean;
  className?: string;
  peer: RemoteParticipant;
  sharing: boolean;
  audioOutputId: string | null;
}) {
  const ref = useRef<SinkVideo>(null);
  const [blockedSound, setBlockedSound] = useState(false);
  const name = peer.participant.userName || 'Participant';
  const { stream } = peer;

  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (!stream) return;
    video.play().catch((error: unknown) => {
      // Autoplay with sound can be refused before the user touched the page: play muted
      // and offer a button to turn the sound on.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        video.muted = true;
        setBlockedSound(true);
        void video.play().catch(() => undefined);
      }
    });
  }, [stream]);

  useEffect(() => {
    const video = ref.current;
    if (!video || !audioOutputId || typeof video.setSinkId !== 'function') return;
    video.setSinkId(audioOutputId).catch((error: unknown) => {
      console.warn('Speaker not changed', error);
    });
  }, [audioOutputId]);

  const hasVideo = !!stream && stream.getVideoTracks().length > 0;
  const waiting = !hasVideo || peer.state === 'new' || peer.state === 'connecting';
  const cameraOff = peer.videoOff && !sharing;
  return (
    <Tile
      label={sharing ? `${name} (sharing screen)` : name}
      data-peer-state={peer.state}
      className={className}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption track to offer */}
      <video
        ref={ref}
        data-peer-id={peer.participant.socketId}
        autoPlay
        playsInline
        aria-label={`${name}'s video`}
        className={cn('size-full', sharing || fill ? 'object-contain' : 'object-cover')}
      />
      {waiting ? (
        <Placeholder name={name} note={CALL_MESSAGES.waiting} />
      ) : (
        cameraOff && <Placeholder name={name} note={CALL_MESSAGES.cameraOff} />
      )}
      {blockedSound && (
        <button
          type="button"
          onClick={() => {
            const video = ref.current;
            if (!video) return;
            video.muted = false;
            void video.play().then(
              () => setBlockedSound(false),
              () => undefined,
            );
          }}
          className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Volume2 aria-hidden="true" className="size-4" />
          Turn on sound
        </button>
      )}
    </Tile>
  );
}

/** The other party's pane before anyone else is here (or after they left). */
export function EmptyTile({ label, className }: { label: string; className?: string }) {
  return (
    <Tile label={label} className={className}>
      <Placeholder name={label} note={CALL_MESSAGES.waiting} />
    </Tile>
  );
}
