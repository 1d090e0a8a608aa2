import type { AppSocket } from '@/lib/socket';
import type { ClientRoomMessage, RoomBroadcast } from '../../../../shared/room-messages';
import type { JoinTokenResponse } from '../../../../shared/schemas/video';

// The seam between the call room (peers, media, signalling: features/video/room) and the
// in-room tools (chat, whiteboard, recording: features/video/tools). The room owns the socket
// and the membership; tools only send and hear room messages and, for recording, use the
// socket's recording events directly.

export interface RoomChannel {
  /** The room id (sessionId of the signalling events). */
  sessionId: string;
  /** This tab's socket id in the room. */
  selfSocketId: string;
  selfName: string;
  room: JoinTokenResponse['room'];
  /** The shared socket (for recording-* events and create-file); already joined. */
  socket: AppSocket;
  send(message: ClientRoomMessage): void;
  /** Every room-message from the others and the server; returns the unsubscribe. */
  subscribe(listener: (event: RoomBroadcast) => void): () => void;
}

/** What the tools are given besides the channel. */
export interface RoomMedia {
  /** This participant's camera/microphone stream (null: no devices or access denied). */
  localStream: MediaStream | null;
  /** This participant's screen share while sharing, else null. */
  screenStream: MediaStream | null;
}
