import type { Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';
import type { Permission, Role } from '../../shared/roles.js';
import type { Participant } from '../../shared/signalling.js';
import type { AppContext } from '../context.js';
import { describeRoom, type RoomInfo, type RoomVisitor } from '../modules/video/rooms.js';

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
  /** The session the socket was opened with (its cookie token's hash). */
  tokenHash: string;
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

/**
 * Who the socket's user is now, from their live session (the role and permissions as they
 * stand, not as they were at the handshake); null once the session is over. Every check of
 * rights at the moment of use (a join token, a recording request) asks here (issue 10).
 */
export async function currentVisitor(
  ctx: AppContext,
  socket: { data: unknown },
): Promise<RoomVisitor | null> {
  const data = dataOf(socket);
  // Asked for a check, not by the user: no activity (issue 13; a live call counts on its own).
  const session = await ctx.sessions.resolveHash(data.tokenHash, { background: true });
  if (!session || session.user.id !== data.userId) return null;
  const { user } = session;
  return {
    userId: user.id,
    role: user.role,
    permissions: user.permissions,
    patientId: user.patient?.id ?? null,
  };
}

/** The room as the socket's user may see it now (current rights); null if none or signed out. */
export async function roomForSocket(
  ctx: AppContext,
  socket: { data: unknown },
  roomId: string,
): Promise<RoomInfo | null> {
  const who = await currentVisitor(ctx, socket);
  return who ? describeRoom(ctx, roomId, who) : null;
}
