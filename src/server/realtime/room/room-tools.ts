import type { AppContext } from '../../context.js';
import type { IoServer } from '../hub.js';
import type { AppSocket } from '../participants.js';
import type { RoomHooks } from '../signalling.js';
import { goneFrom } from './live-members.js';
import { RecordingEvents } from './recording-events.js';
import { greetNewcomer, registerRoomMessages, releaseShare } from './room-messages.js';

// The in-room tools on the server (staff-and-video.md §2 In-room tools, §4): room messages,
// the whiteboard and screen-share state, and recording. Signalling tells it who comes and goes.
// The rooms' state is in ctx.realtime.rooms: this node's memory, or Redis once the cluster is
// linked (cluster.ts), read at each use so linking after start takes effect at once.

export interface RoomTools {
  hooks: RoomHooks;
  register(socket: AppSocket): void;
}

export function createRoomTools(ctx: AppContext, io: IoServer): RoomTools {
  const rooms = () => ctx.realtime.rooms;
  const recording = new RecordingEvents(ctx, io, rooms);
  return {
    register(socket) {
      registerRoomMessages(socket, io, rooms);
      recording.register(socket);
    },
    hooks: {
      async joined(sessionId, socket) {
        const { gone } = await goneFrom(io, sessionId);
        await greetNewcomer(sessionId, socket, rooms(), gone);
        await recording.joined(sessionId, socket, gone);
      },
      async left(sessionId, socket) {
        const { gone, present } = await goneFrom(io, sessionId, socket.id);
        try {
          await releaseShare(sessionId, io, rooms(), gone);
          await recording.left(sessionId, gone);
        } finally {
          // The room's state goes with its last participant, whatever failed above.
          if (present === 0) await rooms().forget(sessionId);
        }
      },
    },
  };
}
