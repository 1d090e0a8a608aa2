import type { Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';
import type { Permission, Role } from '../../shared/roles.js';
import type { Participant } from '../../shared/signalling.js';

// Who a socket is, for signalling and the in-room tools: identity always comes from
// socket.data (the signed-in session), never from a payload.

export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** What the handshake put in socket.data (socket-server.ts). */
export interface SignallingIdentity {
  userId: string;
  role: Role;
  permissions: readonly Permission[];
  patientId: string | null;
  userName: string;
}

/** The identity, and the video session the socket is in (one at a time; signalling.ts). */
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
