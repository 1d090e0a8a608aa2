import type { Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/realtime.js';
import type { Participant } from '../../../shared/signalling.js';
import type { SignallingIdentity } from '../signalling.js';

export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** A socket's identity as the handshake set it, and the room it is in (signalling.ts). */
export type RoomSocketData = SignallingIdentity & { videoSessionId?: string | null };

export const dataOf = (socket: { data: unknown }) => socket.data as RoomSocketData;

/** The participant as the server knows them: what stamps a relayed message. */
export function participantOf(socket: { id: string; data: unknown }): Participant {
  const d = dataOf(socket);
  return { socketId: socket.id, userId: d.userId, userName: d.userName, role: d.role };
}

/** The socket's room when it is `claimed` (the sender must be in the room it names). */
export function memberOf(socket: AppSocket, claimed: string): boolean {
  return dataOf(socket).videoSessionId === claimed;
}
