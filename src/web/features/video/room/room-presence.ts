import type { RoomBroadcast } from '../../../../shared/room-messages';
import type { Participant } from '../../../../shared/signalling';
import type { CallSnapshot } from './call-types';

// What the room says about the others, apart from their media connections (staff-and-video.md
// §4, §9): whose camera is off, who shares the screen, who left last (issue 11: they may
// rejoin), and the in-room tools listening to room messages. Owned by one call visit.

interface RoomPresenceOptions {
  roomId: string;
  /** Something shown changed. */
  onChange: () => void;
  /** A newcomer asked for the camera (and share) state. */
  onStatusRequest: () => void;
}

export class RoomPresence {
  private readonly listeners = new Set<(event: RoomBroadcast) => void>();
  private readonly videoOff = new Map<string, boolean>();
  sharerSocketId: string | null = null;
  departed: CallSnapshot['departed'] = null;

  constructor(private readonly options: RoomPresenceOptions) {}

  /** A new socket id: what the others said to the old one no longer holds. */
  reset(): void {
    this.videoOff.clear();
    this.sharerSocketId = null;
  }

  /** Someone is here (again): nobody is "away" any more. */
  arrived(): void {
    if (!this.departed) return;
    this.departed = null;
    this.options.onChange();
  }

  /** `participant` left; `alone`: nobody else is in the room now. */
  left(socketId: string, participant: Participant | undefined, alone: boolean): void {
    this.videoOff.delete(socketId);
    if (this.sharerSocketId === socketId) this.sharerSocketId = null;
    if (participant && alone)
      this.departed = { userName: participant.userName, role: participant.role };
    this.options.onChange();
  }

  isVideoOff(socketId: string): boolean {
    return this.videoOff.get(socketId) ?? false;
  }

  subscribe(listener: (event: RoomBroadcast) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** A room-message from the others or the server. */
  readonly hear = (event: RoomBroadcast) => {
    if (!event || event.sessionId !== this.options.roomId) return;
    const { from, message } = event;
    if (from && message?.type === 'video-off' && typeof message.videoFlag === 'boolean') {
      this.videoOff.set(from.socketId, message.videoFlag);
      this.options.onChange();
    } else if (message?.type === 'request-video-status') {
      this.options.onStatusRequest();
    } else if (from && message?.type === 'sharing-toggle' && typeof message.flag === 'boolean') {
      if (message.flag) this.sharerSocketId = from.socketId;
      else if (this.sharerSocketId === from.socketId) this.sharerSocketId = null;
      this.options.onChange();
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('Room message listener failed', error);
      }
    }
  };
}
