import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import {
  type CreateVideoSession,
  type VideoSessionList,
  type VideoSessionStatus,
  type VideoSessionView,
  videoSessionPath,
} from '../../../shared/schemas/video.js';
import { videoRoom } from '../../../shared/signalling.js';
import type { AppContext } from '../../context.js';
import { users, videoSessions } from '../../db/schema/index.js';
import { audit } from '../audit/service.js';

// Video sessions from /video-sessions (staff-and-video.md §2, §3; ruling 3: any staff member
// creates one, anyone signed in joins by its link). The id is the link, so it is random and
// unguessable (128 bits). participantCount is who is in the room now, on any node.

export const LISTED_SESSIONS = 50;

type Row = typeof videoSessions.$inferSelect & { hostFirstName: string; hostLastName: string };

const columns = {
  id: videoSessions.id,
  title: videoSessions.title,
  hostUserId: videoSessions.hostUserId,
  maxParticipants: videoSessions.maxParticipants,
  status: videoSessions.status,
  createdAt: videoSessions.createdAt,
  lastActiveAt: videoSessions.lastActiveAt,
  endedAt: videoSessions.endedAt,
  hostFirstName: users.firstName,
  hostLastName: users.lastName,
};

export const newSessionId = () => randomBytes(16).toString('base64url');

/** The live participant count of each session, in one fetch. */
async function liveCounts(ctx: AppContext, rows: Row[]): Promise<number[]> {
  const counts = await ctx.realtime.countInRooms(rows.map((row) => videoRoom(row.id)));
  return rows.map((row) => counts.get(videoRoom(row.id)) ?? 0);
}

function view(row: Row, participantCount: number, origin: string): VideoSessionView {
  // "Active" means someone is in it now; the stored status remembers that it was used.
  const status: VideoSessionStatus =
    row.status === 'ended' ? 'ended' : participantCount > 0 ? 'active' : 'created';
  return {
    id: row.id,
    title: row.title,
    status,
    participantCount,
    maxParticipants: row.maxParticipants,
    createdAt: row.createdAt.toISOString(),
    hostName: `${row.hostFirstName} ${row.hostLastName}`.trim(),
    joinUrl: `${origin}${videoSessionPath(row.id)}`,
  };
}

export async function createVideoSession(opts: {
  ctx: AppContext;
  actor: CurrentUser;
  ip: string;
  input: CreateVideoSession;
  origin: string;
}): Promise<VideoSessionView> {
  const { ctx, actor, input } = opts;
  const id = newSessionId();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(videoSessions).values({
      id,
      title: input.title,
      hostUserId: actor.id,
      maxParticipants: input.maxParticipants,
    });
    await audit(tx, {
      actor,
      action: 'video_session.create',
      targetType: 'video_session',
      targetId: id,
      ip: opts.ip,
      details: { maxParticipants: input.maxParticipants },
    });
  });
  return (await findVideoSession(ctx, id, opts.origin))!;
}

export async function findVideoSession(
  ctx: AppContext,
  id: string,
  origin: string,
): Promise<VideoSessionView | null> {
  const [row] = await ctx.db
    .select(columns)
    .from(videoSessions)
    .innerJoin(users, eq(users.id, videoSessions.hostUserId))
    .where(eq(videoSessions.id, id))
    .limit(1);
  if (!row) return null;
  const [participantCount] = await liveCounts(ctx, [row]);
  return view(row, participantCount!, origin);
}

/** The caller's own sessions, newest first, with live counts. */
export async function listHostedSessions(
  ctx: AppContext,
  hostUserId: string,
  origin: string,
): Promise<VideoSessionList> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(videoSessions)
      .innerJoin(users, eq(users.id, videoSessions.hostUserId))
      .where(eq(videoSessions.hostUserId, hostUserId))
      .orderBy(desc(videoSessions.createdAt), desc(videoSessions.id))
      .limit(LISTED_SESSIONS),
    ctx.db
      .select({ n: count() })
      .from(videoSessions)
      .where(eq(videoSessions.hostUserId, hostUserId)),
  ]);
  const counts = await liveCounts(ctx, rows);
  const sessions = rows.map((row, i) => view(row, counts[i]!, origin));
  return {
    sessions,
    activeSessions: sessions.filter((s) => s.status === 'active').length,
    totalSessions: total?.n ?? 0,
  };
}

/** Someone joined: the session has been used (status active, last activity now). */
export async function markVideoSessionActive(ctx: AppContext, id: string): Promise<void> {
  await ctx.db
    .update(videoSessions)
    .set({ status: 'active', lastActiveAt: new Date() })
    .where(and(eq(videoSessions.id, id), ne(videoSessions.status, 'ended')));
}
