import {
  type RoomMessage,
  SendRoomMessageSchema,
  SHARING_TAKEN,
} from '../../../shared/room-messages.js';
import { videoRoom } from '../../../shared/signalling.js';
import { boardAfter } from '../../../shared/whiteboard-board.js';
import type { IoServer } from '../hub.js';
import { type AppSocket, memberOf, participantOf } from '../participants.js';
import { type GoneCheck, goneFrom } from './live-members.js';
import type { RoomStore } from './room-state.js';

// `room-message` (staff-and-video.md §3, §4): chat, camera state, screen-share turns and the
// whiteboard, relayed to the rest of the sender's room and stamped with who sent it. The
// server keeps the board for newcomers and refuses a second screen sharer. A socket's messages
// are handled one after another (a board change is stored before it is relayed), so the room
// hears them in the order sent and a newcomer's board holds what was relayed before.

const BOARD_MESSAGES = new Set<RoomMessage['type']>([
  'create-canvas',
  'remove-canvas',
  'clear-canvas',
  'undo-canvas',
  'drawLine',
  'canvas-state',
]);

export function registerRoomMessages(
  socket: AppSocket,
  io: IoServer,
  rooms: () => RoomStore,
): void {
  let chain: Promise<unknown> = Promise.resolve();
  socket.on('room-message', (payload) => {
    const parsed = SendRoomMessageSchema.safeParse(payload);
    if (!parsed.success) return;
    const { sessionId, message } = parsed.data;
    // A store that fails (Redis down) costs this message its effect, not the socket's later ones.
    chain = chain
      .then(() => handle(socket, io, rooms(), sessionId, message))
      .catch(() => undefined);
  });
}

async function handle(
  socket: AppSocket,
  io: IoServer,
  store: RoomStore,
  sessionId: string,
  message: RoomMessage,
): Promise<void> {
  if (!memberOf(socket, sessionId)) return;
  if (message.type === 'sharing-toggle') {
    if (!(await toggleShare(socket, io, store, sessionId, message.flag))) return;
  } else if (BOARD_MESSAGES.has(message.type)) {
    // The relay goes out even if the store fails: the room sees the line, a newcomer may not.
    await store
      .update(sessionId, (state) => {
        state.board = boardAfter(state.board, message);
      })
      .catch(() => undefined);
  }
  if (!memberOf(socket, sessionId)) return; // left while the store answered
  socket
    .to(videoRoom(sessionId))
    .emit('room-message', { sessionId, from: participantOf(socket), message });
}

/** The screen-share turn: true when the toggle is to be relayed. */
async function toggleShare(
  socket: AppSocket,
  io: IoServer,
  store: RoomStore,
  sessionId: string,
  flag: boolean,
): Promise<boolean> {
  const me = participantOf(socket);
  const turn = (stale: string | null) =>
    store.update(sessionId, (state): 'relay' | 'ignore' | { holder: string } => {
      const sharer = state.sharer;
      if (flag && sharer && sharer.socketId !== me.socketId && sharer.socketId !== stale)
        return { holder: sharer.socketId };
      if (flag) state.sharer = me;
      else if (sharer?.socketId === me.socketId) state.sharer = null;
      else return 'ignore'; // nothing of theirs to stop
      return 'relay';
    });
  let outcome = await turn(null);
  if (typeof outcome === 'object') {
    // The turn is held: by someone still in the room, or by a socket of a node that died.
    const { gone } = await goneFrom(io, sessionId);
    if (gone(outcome.holder)) outcome = await turn(outcome.holder);
  }
  if (typeof outcome === 'object')
    socket.emit('sharing-refused', { sessionId, message: SHARING_TAKEN });
  return outcome === 'relay';
}

/** A newcomer sees the board as it is, and who shares the screen (if still in the room). */
export async function greetNewcomer(
  sessionId: string,
  socket: AppSocket,
  store: RoomStore,
  gone: GoneCheck,
): Promise<void> {
  const state = await store.read(sessionId);
  const { sharer, board } = state;
  if (sharer && !gone(sharer.socketId))
    socket.emit('room-message', {
      sessionId,
      from: sharer,
      message: { type: 'sharing-toggle', flag: true },
    });
  if (board.open || board.lines.length > 0)
    socket.emit('room-message', {
      sessionId,
      from: null,
      message: { type: 'canvas-state', open: board.open, lines: board.lines },
    });
}

/** The sharer is gone (left, or their node died): the share ends for the others. */
export async function releaseShare(
  sessionId: string,
  io: IoServer,
  store: RoomStore,
  gone: GoneCheck,
): Promise<void> {
  const sharer = await store.update(sessionId, (state) => {
    const sharer = state.sharer;
    if (!sharer || !gone(sharer.socketId)) return null;
    state.sharer = null;
    return sharer;
  });
  if (sharer)
    io.to(videoRoom(sessionId)).emit('room-message', {
      sessionId,
      from: sharer,
      message: { type: 'sharing-toggle', flag: false },
    });
}
