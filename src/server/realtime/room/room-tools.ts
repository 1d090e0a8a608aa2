import { videoRoom } from '../../../shared/signalling.js';
import type { AppContext } from '../../context.js';
import type { IoServer } from '../hub.js';
import type { AppSocket } from '../participants.js';
import type { RoomHooks } from '../signalling.js';
import { RecordingEvents } from './recording-events.js';
import { greetNewcomer, registerRoomMessages, releaseShare } from './room-messages.js';
import { RoomStates } from './room-state.js';

// The in-room tools on the server (staff-and-video.md §2 In-room tools, §4): room messages,
// the whiteboard and screen-share state, and recording. Signalling tells it who comes and goes.

export interface RoomTools {
  hooks: RoomHooks;
  register(socket: AppSocket): void;
}

export function createRoomTools(ctx: AppContext, io: IoServer): RoomTools {
  const rooms = new RoomStates();
  const recording = new RecordingEvents(ctx, io, rooms);
  return {
    register(socket) {
      registerRoomMessages(socket, rooms);
      recording.register(socket);
    },
    hooks: {
      async joined(sessionId, socket) {
        greetNewcomer(sessionId, socket, io, rooms);
        await recording.joined(sessionId, socket);
      },
      async left(sessionId, socket) {
        try {
          releaseShare(sessionId, socket, io, rooms);
          await recording.left(sessionId, socket);
        } finally {
          // The room's state goes with its last participant, whatever failed above.
          const empty = (await io.in(videoRoom(sessionId)).fetchSockets()).length === 0;
          if (empty) rooms.forget(sessionId);
        }
      },
    },
  };
}
