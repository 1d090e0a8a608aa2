import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';
import { STAFF_ROLES } from '../../shared/roles.js';
import { participantRoom, videoRoom } from '../../shared/signalling.js';
import { MemoryRoomStore, type RoomStore } from './room/room-state.js';

// What other modules use to reach people live. Without a socket server (tests through
// app.inject) events go nowhere; the pages' polling still tells the truth.

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;
export const userRoom = (userId: string) => `user:${userId}`;
export const roleRoom = (role: string) => `role:${role}`;
/** Every socket opened with one session (its cookie token's hash). */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

export class RealtimeHub {
  io: IoServer | null = null;
  /** Live rooms' state: this node's memory, or Redis shared by all nodes (cluster.ts). */
  rooms: RoomStore = new MemoryRoomStore();

  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.io?.to(userRoom(userId)).emit(event, ...args);
  }

  /**
   * Every patient's socket (they all join their role's room), on every node: one message,
   * encoded once, written to each socket; the Redis adapter publishes it once to the others.
   * Only for what carries no patient's data (the line's broadcast, ADR 0021).
   */
  toPatients<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.io?.to(roleRoom('patient')).emit(event, ...args);
  }

  /**
   * Closes the sockets of one session, or of every session of a user, on every node: the
   * adapter carries disconnectSockets to the others (issue 10, defect 9).
   */
  disconnect(what: { userId?: string; tokenHash?: string }): void {
    const rooms = [
      ...(what.userId ? [userRoom(what.userId)] : []),
      ...(what.tokenHash ? [sessionRoom(what.tokenHash)] : []),
    ];
    if (!this.io || rooms.length === 0) return;
    // This node's sockets first, directly: the Redis adapter closes even local sockets only
    // when its own broadcast comes back, which never happens while Redis is down.
    this.io.local.in(rooms).disconnectSockets(true);
    this.io.in(rooms).disconnectSockets(true);
  }

  /**
   * Ending a consultation closes its room (issue 11): everyone in it hears call-ended, on any
   * node, and is taken out of it, so no relay reaches them any more whatever their page does.
   * Later joins are refused by the room's own rule (rooms.ts: an ended consultation).
   */
  async closeVideoRoom(roomId: string, applicationId: string): Promise<void> {
    if (!this.io) return;
    const room = videoRoom(roomId);
    this.io.to(room).emit('call-ended', { roomId, applicationId });
    for (const socket of await this.io.in(room).fetchSockets()) {
      socket.leave(room);
      socket.leave(participantRoom(roomId, socket.id));
    }
  }

  /** Every connected staff member (doctors and the admin family). */
  toStaff<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.io?.to(STAFF_ROLES.map(roleRoom)).emit(event, ...args);
  }

  /** Users of a role with a live connection, on any node (through the adapter). */
  async liveUserIds(role: string): Promise<string[]> {
    if (!this.io) return [];
    const sockets = await this.io.in(roleRoom(role)).fetchSockets();
    return [...new Set(sockets.map((s) => s.data.userId as string))];
  }

  /** The doctors' live sockets on any node (the doctors on duty, ruling 16). */
  async doctorSockets(): Promise<{ id: string; userId: string }[]> {
    if (!this.io) return [];
    const sockets = await this.io.in(roleRoom('doctor')).fetchSockets();
    return sockets.map((s) => ({ id: s.id, userId: s.data.userId as string }));
  }

  /** Live sockets in a room on any node, leaving out those of `exceptUserId` (0 without io). */
  async countInRoom(room: string, exceptUserId?: string): Promise<number> {
    return (await this.countInRooms([room], exceptUserId)).get(room)!;
  }

  /** countInRoom for many rooms with one fetch (one round trip through the adapter). */
  async countInRooms(rooms: string[], exceptUserId?: string): Promise<Map<string, number>> {
    const counts = new Map(rooms.map((room) => [room, 0]));
    if (!this.io || rooms.length === 0) return counts;
    for (const socket of await this.io.in(rooms).fetchSockets()) {
      if (socket.data.userId === exceptUserId) continue;
      for (const room of socket.rooms) {
        const n = counts.get(room);
        if (n !== undefined) counts.set(room, n + 1);
      }
    }
    return counts;
  }
}
