import { videoRoom } from '../../../shared/signalling.js';
import type { IoServer } from '../hub.js';

// Which sockets are in a room now, on every node (through the adapter). The room's state names
// sockets; a node that died took its sockets without a word (no `left` ran for them), so a
// sharer or a recording host the state names but the room no longer holds is gone.

/** Tells whether a socket id the state names has left the room. */
export type GoneCheck = (socketId: string) => boolean;

/** The adapter asks the other nodes through Redis: not answered by then, the question fails. */
const ASK_NODES_MS = 3000;

/** The room's sockets on every node; rejects rather than wait on an unreachable Redis. */
export async function socketsIn(io: IoServer, roomId: string) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the nodes did not answer')), ASK_NODES_MS);
  });
  try {
    return await Promise.race([io.in(videoRoom(roomId)).fetchSockets(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The sockets in the room now, and `leaving` (on its way out) counted as gone. When the
 * nodes cannot say (Redis unreachable), only `leaving` counts as gone: nobody is dropped on
 * a guess, and `present` is null.
 */
export async function goneFrom(
  io: IoServer,
  roomId: string,
  leaving?: string,
): Promise<{ gone: GoneCheck; present: number | null }> {
  try {
    const ids = new Set((await socketsIn(io, roomId)).map((s) => s.id));
    if (leaving) ids.delete(leaving);
    return { gone: (id) => !ids.has(id), present: ids.size };
  } catch {
    return { gone: (id) => id === leaving, present: null };
  }
}
