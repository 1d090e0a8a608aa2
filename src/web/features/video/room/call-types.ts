import type { CallQuality } from '@/features/device-check/lib/camera';
import type { AppSocket } from '@/lib/socket';
import type { JoinTokenResponse } from '../../../../shared/schemas/video';
import type { Participant } from '../../../../shared/signalling';
import type { RoomChannel } from '../lib/room-channel';
import type { CallStatus } from './call-status';
import type { PeerView } from './peer-mesh';

// The shapes a call visit shares with its parts and its views (call-session.ts drives them,
// session-media.ts reports through CallToast, the React hook renders CallSnapshot). Types
// only, so every file of the room depends on this one and it on none of them.

export type CallPhase = 'starting' | 'joined' | 'reconnecting' | 'ended' | 'left' | 'fatal';

export interface RemoteParticipant extends PeerView {
  /** The participant said their camera is off (video-off). */
  videoOff: boolean;
}

export interface CallSnapshot {
  phase: CallPhase;
  /** The fatal error's message (phase 'fatal'). */
  fatalError: string | null;
  /** The camera/microphone failure (§8), shown while the call goes on without media. */
  mediaError: string | null;
  room: JoinTokenResponse['room'] | null;
  status: CallStatus;
  localStream: MediaStream | null;
  screenStream: MediaStream | null;
  cameraOn: boolean;
  micOn: boolean;
  peers: RemoteParticipant[];
  /** Another participant who is sharing the screen (§4: one at a time). */
  sharerSocketId: string | null;
  audioOutputId: string | null;
  channel: RoomChannel | null;
  /**
   * Who left the call last while nobody else is here (issue 11: a hang-up can be undone, so
   * the others are told the person may rejoin, not that the call ended); null once anyone is
   * back.
   */
  departed: Pick<Participant, 'userName' | 'role'> | null;
}

export interface CallToast {
  title: string;
  description?: string;
  variant?: 'destructive';
}

/** Why the token or the join was refused; null when the user simply has no token (§2). */
export type TokenOutcome =
  | { ok: true; token: JoinTokenResponse }
  | { ok: false; message: string | null; fatal?: boolean };

export interface CallSessionOptions {
  roomId: string;
  quality: CallQuality;
  selfName: string;
  selfRole: string;
  requestToken: (roomId: string) => Promise<TokenOutcome>;
  acquireSocket: () => { socket: AppSocket; release: () => void };
  onSnapshot: (snapshot: CallSnapshot) => void;
  /** No token, or the room turned this user away (§2: to /home). */
  onRefused: (message: string | null) => void;
  onToast: (toast: CallToast) => void;
  onJoined?: (room: JoinTokenResponse['room']) => void;
  /** The physician ended the consultation while this visit was in the room. */
  onCallEnded?: () => void;
}
