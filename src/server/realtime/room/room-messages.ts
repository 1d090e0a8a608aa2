import { SendRoomMessageSchema, SHARING_TAKEN } from '../../../shared/room-messages.js';
import { videoRoom } from '../../../shared/signalling.js';
import { boardAfter } from '../../../shared/whiteboard-board.js';
import type { IoServer } from '../hub.js';
import { type AppSocket, memberOf, participantOf } from '../participants.js';
import type { RoomStates } from './room-state.js';

// `room-message` (staff-and-video.md §3, §4): chat, camera state, screen-share turns and the
// whiteboard, relayed to the rest of the sender's room and stamped with who sent it. The
// server keeps the board for newcomers and refuses a second screen sharer.

export function registerRoomMessages(socket: AppSocket, rooms: RoomStates): void {
  socket.on('room-message', (payload) => {
    const parsed = SendRoomMessageSchema.safeParse(payload);
    if (!parsed.success) return;
    const { sessionId, message } = parsed.data;
    if (!memberOf(socket, sessionId)) return;
    const state = rooms.get(sessionId);

    if (message.type === 'sharing-toggle') {
      const sharer = state.sharerSocketId;
      if (message.flag && sharer && sharer !== socket.id) {
        socket.emit('sharing-refused', { sessionId, message: SHARING_TAKEN });
        return;
      }
      if (message.flag) state.sharerSocketId = socket.id;
      else if (sharer === socket.id) state.sharerSocketId = null;
      else return; // nothing of theirs to stop
    }
    state.board = boardAfter(state.board, message);
    socket
      .to(videoRoom(sessionId))
      .emit('room-message', { sessionId, from: participantOf(socket), message });
  });
}

/** A newcomer sees the board as it is, and who shares the screen. */
export function greetNewcomer(
  sessionId: string,
  socket: AppSocket,
  io: IoServer,
  rooms: RoomStates,
): void {
  const state = rooms.peek(sessionId);
  if (!state) return;
  const sharer = state.sharerSocketId ? io.sockets.sockets.get(state.sharerSocketId) : undefined;
  if (sharer)
    socket.emit('room-message', {
      sessionId,
      from: participantOf(sharer),
      message: { type: 'sharing-toggle', flag: true },
    });
  const { board } = state;
  if (board.open || board.lines.length > 0)
    socket.emit('room-message', {
      sessionId,
      from: null,
      message: { type: 'canvas-state', open: board.open, lines: board.lines },
    });
}

/** Someone left: a share of theirs ends for the others. */
export function releaseShare(
  sessionId: string,
  socket: AppSocket,
  io: IoServer,
  rooms: RoomStates,
) {
  const state = rooms.peek(sessionId);
  if (state?.sharerSocketId !== socket.id) return;
  state.sharerSocketId = null;
  io.to(videoRoom(sessionId)).emit('room-message', {
    sessionId,
    from: participantOf(socket),
    message: { type: 'sharing-toggle', flag: false },
  });
}
