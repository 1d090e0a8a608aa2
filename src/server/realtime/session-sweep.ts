import { isStaffRole } from '../../shared/roles.js';
import { videoRoom } from '../../shared/signalling.js';
import type { AppContext } from '../context.js';
import { type AppSocket, dataOf } from './participants.js';

// Open sockets and the sessions they were opened with (ADR 0013, issue 13's automatic logoff).
// Once a minute each session with a socket on this node is looked at:
// - a patient's open page keeps their session alive (ruling 17: waiting in the queue or in a call);
// - a staff member's session is kept alive only while they are in a live call (in a video room
//   with someone else); an open console page alone is not activity, so it signs out at 15 minutes;
// - a session that is over (idle, expired, signed out, deactivated) closes its sockets.

export const SWEEP_EVERY_MS = 60_000;

/**
 * One pass over this node's sockets; the timer in socket-server.ts runs it once a minute. The
 * sessions are judged together (SessionStore.sweep: one read, one write, issue 23).
 */
export async function sweepSessions(ctx: AppContext): Promise<void> {
  const io = ctx.realtime.io;
  if (!io) return;
  const bySession = new Map<string, AppSocket[]>();
  for (const socket of io.of('/').sockets.values()) {
    const { tokenHash } = dataOf(socket);
    const sockets = bySession.get(tokenHash);
    if (sockets) sockets.push(socket);
    else bySession.set(tokenHash, [socket]);
  }
  const items = [];
  for (const [tokenHash, sockets] of bySession)
    items.push({ tokenHash, active: await countsAsActivity(ctx, sockets) });
  // A database hiccup closes nobody: the next pass asks again.
  const over = await ctx.sessions.sweep(items).catch(() => new Set<string>());
  for (const tokenHash of over)
    for (const socket of bySession.get(tokenHash) ?? []) socket.disconnect(true);
}

/** Whether the sockets keep their session alive: a patient's page, staff in a live call. */
async function countsAsActivity(ctx: AppContext, sockets: AppSocket[]): Promise<boolean> {
  if (!isStaffRole(dataOf(sockets[0]!).role)) return true;
  for (const socket of sockets) if (await inLiveCall(ctx, socket)) return true;
  return false;
}

/** In a video room (signalling.ts admitted it) with at least one other person in it. */
async function inLiveCall(ctx: AppContext, socket: AppSocket): Promise<boolean> {
  const { videoSessionId, userId } = dataOf(socket);
  if (!videoSessionId || !socket.rooms.has(videoRoom(videoSessionId))) return false;
  return (await ctx.realtime.countInRoom(videoRoom(videoSessionId), userId)) > 0;
}
