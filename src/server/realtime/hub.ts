import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';

// What other modules use to reach people live. Without a socket server (tests through
// app.inject) events go nowhere; the pages' polling still tells the truth.

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;
export const userRoom = (userId: string) => `user:${userId}`;

export class RealtimeHub {
  io: IoServer | null = null;

  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.io?.to(userRoom(userId)).emit(event, ...args);
  }
}
