import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime.js';
import { ACCESS, allows, type Permission, type Role } from '../../shared/roles.js';
import {
  JoinSessionSchema,
  LeaveSessionSchema,
  type Participant,
  SendAnswerSchema,
  SendIceCandidateSchema,
  SendOfferSchema,
  videoRoom,
} from '../../shared/signalling.js';
import type { AppContext } from '../context.js';
import { consultations } from '../db/schema/index.js';
import type { IoServer } from './hub.js';

// WebRTC signalling (spec README ruling 8; staff-and-video.md §4, §7 second flow). The server
// decides who may join a session, relays offers, answers and candidates only between sockets of
// the same session, and stamps who sent them. Identity always comes from socket.data (the
// signed-in session), never from a payload.
//
// Relays go to a per-participant room `video:<sessionId>:<socketId>` that a socket joins only
// once admitted: a message aimed at anyone else reaches nobody, and this holds across nodes
// through the shared adapter without asking every node who is where.

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** What the handshake put in socket.data (socket-server.ts). */
export interface SignallingIdentity {
  userId: string;
  role: Role;
  permissions: readonly Permission[];
  patientId: string | null;
  userName: string;
}

/** The video session a socket is in (one at a time), kept in socket.data for the others to read. */
interface VideoData extends SignallingIdentity {
  videoSessionId?: string | null;
}

const participantRoom = (sessionId: string, socketId: string) =>
  `${videoRoom(sessionId)}:${socketId}`;

/**
 * Is this session known and may this user join it? `null`: no such session here, the next
 * kind is asked. A session kind answers true/false only for ids it owns.
 */
type SessionKind = (
  ctx: AppContext,
  sessionId: string,
  who: SignallingIdentity,
) => Promise<boolean | null>;

/** A consultation room (consultations.room_id, opened by POST /api/admin/start-video-call). */
const consultationRoom: SessionKind = async (ctx, sessionId, who) => {
  const [row] = await ctx.db
    .select({
      doctorId: consultations.doctorId,
      patientId: consultations.patientId,
      endedAt: consultations.endedAt,
    })
    .from(consultations)
    .where(eq(consultations.roomId, sessionId))
    .limit(1);
  if (!row) return null;
  if (row.endedAt) return false;
  if (who.userId === row.doctorId) return true;
  if (who.patientId !== null && who.patientId === row.patientId) return true;
  // Another physician has no place in this patient's room; staff who run consultations
  // (the `meetings` permission) may join.
  return who.role !== 'patient' && who.role !== 'doctor' && allows(ACCESS.runConsultation, who);
};

// Seam: video sessions from /video-sessions (staff-and-video.md §3 Video session) come in a
// later increment as another SessionKind appended here.
const SESSION_KINDS: readonly SessionKind[] = [consultationRoom];

async function mayJoin(ctx: AppContext, sessionId: string, who: SignallingIdentity) {
  for (const kind of SESSION_KINDS) {
    const verdict = await kind(ctx, sessionId, who);
    if (verdict !== null) return verdict;
  }
  return false;
}

export function registerSignalling(socket: AppSocket, ctx: AppContext, io: IoServer): void {
  const data = socket.data as VideoData;
  const me = (): Participant => ({
    socketId: socket.id,
    userId: data.userId,
    userName: data.userName,
    role: data.role,
  });

  // Joins and leaves run one after another, so a slow membership check cannot interleave.
  let chain: Promise<unknown> = Promise.resolve();
  const serially = (work: () => Promise<void>) => {
    // A failure (a lost adapter, a closed database) leaves this socket out of the session; the
    // client may try again, and the chain keeps serving later events.
    chain = chain.then(work).catch(() => undefined);
  };

  const leave = async () => {
    const sessionId = data.videoSessionId;
    if (!sessionId) return;
    data.videoSessionId = null;
    await socket.leave(videoRoom(sessionId));
    await socket.leave(participantRoom(sessionId, socket.id));
    io.to(videoRoom(sessionId)).emit('participant-left', { sessionId, socketId: socket.id });
  };

  socket.on('join-session', (payload) => {
    const parsed = JoinSessionSchema.safeParse(payload);
    if (!parsed.success) return;
    const { sessionId } = parsed.data;
    serially(async () => {
      if (data.videoSessionId === sessionId) return;
      const admitted = await mayJoin(ctx, sessionId, data).catch(() => false);
      if (!socket.connected) return;
      if (!admitted) {
        socket.emit('join-session-refused', {
          sessionId,
          message: 'You cannot join this video session',
        });
        return;
      }
      await leave();
      const others = (await io.in(videoRoom(sessionId)).fetchSockets())
        .filter((s) => s.id !== socket.id)
        .map((s): Participant => {
          const d = s.data as VideoData;
          return { socketId: s.id, userId: d.userId, userName: d.userName, role: d.role };
        });
      if (!socket.connected) return;
      data.videoSessionId = sessionId;
      await socket.join([videoRoom(sessionId), participantRoom(sessionId, socket.id)]);
      socket.emit('session-joined', { sessionId, participants: others });
      socket.to(videoRoom(sessionId)).emit('participant-joined', { sessionId, ...me() });
    });
  });

  socket.on('leave-session', (payload) => {
    const parsed = LeaveSessionSchema.safeParse(payload);
    if (!parsed.success) return;
    serially(async () => {
      if (data.videoSessionId === parsed.data.sessionId) await leave();
    });
  });

  socket.on('disconnect', () => {
    const sessionId = data.videoSessionId;
    if (!sessionId) return;
    data.videoSessionId = null;
    io.to(videoRoom(sessionId)).emit('participant-left', { sessionId, socketId: socket.id });
  });

  /** The sender's session, if the payload names none or the same one; else nothing. */
  const senderSession = (claimed: string | undefined): string | null => {
    const sessionId = data.videoSessionId;
    if (!sessionId || (claimed !== undefined && claimed !== sessionId)) return null;
    return sessionId;
  };

  socket.on('webrtc-offer', (payload) => {
    const parsed = SendOfferSchema.safeParse(payload);
    if (!parsed.success) return;
    const sessionId = senderSession(parsed.data.sessionId);
    if (!sessionId || parsed.data.targetSocketId === socket.id) return;
    io.to(participantRoom(sessionId, parsed.data.targetSocketId)).emit('webrtc-offer', {
      sessionId,
      offer: parsed.data.offer,
      fromSocketId: socket.id,
    });
  });

  socket.on('webrtc-answer', (payload) => {
    const parsed = SendAnswerSchema.safeParse(payload);
    if (!parsed.success) return;
    const sessionId = senderSession(parsed.data.sessionId);
    if (!sessionId || parsed.data.targetSocketId === socket.id) return;
    io.to(participantRoom(sessionId, parsed.data.targetSocketId)).emit('webrtc-answer', {
      sessionId,
      answer: parsed.data.answer,
      fromSocketId: socket.id,
    });
  });

  socket.on('webrtc-ice-candidate', (payload) => {
    const parsed = SendIceCandidateSchema.safeParse(payload);
    if (!parsed.success) return;
    const sessionId = senderSession(parsed.data.sessionId);
    if (!sessionId) return;
    const event = { sessionId, candidate: parsed.data.candidate, fromSocketId: socket.id };
    const target = parsed.data.targetSocketId;
    if (target === undefined) socket.to(videoRoom(sessionId)).emit('webrtc-ice-candidate', event);
    else if (target !== socket.id)
      io.to(participantRoom(sessionId, target)).emit('webrtc-ice-candidate', event);
  });
}
