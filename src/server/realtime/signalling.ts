import {
  JoinSessionSchema,
  LeaveSessionSchema,
  participantRoom,
  SendAnswerSchema,
  SendIceCandidateSchema,
  SendOfferSchema,
  videoRoom,
} from '../../shared/signalling.js';
import type { AppContext } from '../context.js';
import { announce } from '../modules/consultations/announce.js';
import { joinTokenKey, verifyJoinToken } from '../modules/video/join-token.js';
import {
  CALL_ENDED,
  ROOM_REFUSED,
  SESSION_FULL,
  TOKEN_REQUIRED,
} from '../modules/video/messages.js';
import { markVideoSessionActive } from '../modules/video/sessions.js';
import type { IoServer } from './hub.js';
import { type AppSocket, dataOf, participantOf, roomForSocket } from './participants.js';

// WebRTC signalling (spec README ruling 8; staff-and-video.md §4, §7 second flow). The server
// decides who may join a session, relays offers, answers and candidates only between sockets of
// the same session, and stamps who sent them. Identity always comes from socket.data (the
// signed-in session), never from a payload.
//
// Relays go to a per-participant room `video:<sessionId>:<socketId>` that a socket joins only
// once admitted: a message aimed at anyone else reaches nobody, and this holds across nodes
// through the shared adapter without asking every node who is where.

/** Disconnect reasons that mean the socket is gone for good, not dropped for a moment. */
const DELIBERATE_DISCONNECTS = new Set<string>([
  'client namespace disconnect',
  'server namespace disconnect',
]);

/**
 * Told when a socket enters or leaves a room (the in-room tools keep per-room state: the
 * whiteboard for newcomers, the screen sharer, the recording's host). `left` runs after the
 * socket is out of the room, on leave-session, on joining another room and on disconnect.
 */
export interface RoomHooks {
  joined(sessionId: string, socket: AppSocket): void | Promise<void>;
  left(sessionId: string, socket: AppSocket): void | Promise<void>;
}

export function registerSignalling(
  socket: AppSocket,
  ctx: AppContext,
  io: IoServer,
  hooks?: RoomHooks,
): void {
  const data = dataOf(socket);

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
    // Ending the consultation may already have taken the socket out (RealtimeHub.closeVideoRoom);
    // the others heard call-ended then, not a departure.
    const inRoom = socket.rooms.has(videoRoom(sessionId));
    await socket.leave(videoRoom(sessionId));
    await socket.leave(participantRoom(sessionId, socket.id));
    if (inRoom)
      io.to(videoRoom(sessionId)).emit('participant-left', { sessionId, socketId: socket.id });
    await hooks?.left(sessionId, socket);
  };

  socket.on('join-session', (payload) => {
    const parsed = JoinSessionSchema.safeParse(payload);
    if (!parsed.success) return;
    const { sessionId, token } = parsed.data;
    serially(async () => {
      // Already in: nothing to do (a socket taken out when the room closed asks afresh below).
      if (data.videoSessionId === sessionId && socket.rooms.has(videoRoom(sessionId))) return;
      const refuse = (message: string): void => {
        socket.emit('join-session-refused', { sessionId, message });
      };
      // The token proves POST /api/video/token let this user into this room (ADR 0008);
      // membership is asked again here, since the room may have ended since.
      const claims = { roomId: sessionId, userId: data.userId };
      if (!verifyJoinToken(joinTokenKey(ctx.config), token, claims)) return refuse(TOKEN_REQUIRED);
      // Rights as they stand now: a token issued before a demotion is no longer enough.
      const room = await roomForSocket(ctx, socket, sessionId).catch(() => null);
      if (!socket.connected) return;
      if (!room?.admitted) return refuse(ROOM_REFUSED);
      if (room.ended) return refuse(CALL_ENDED);
      const present = (await io.in(videoRoom(sessionId)).fetchSockets()).filter(
        (s) => s.id !== socket.id,
      );
      if (present.length >= room.maxParticipants) return refuse(SESSION_FULL);
      await leave();
      const others = present.map(participantOf);
      if (!socket.connected) return;
      data.videoSessionId = sessionId;
      await socket.join([videoRoom(sessionId), participantRoom(sessionId, socket.id)]);
      socket.emit('session-joined', { sessionId, participants: others });
      socket
        .to(videoRoom(sessionId))
        .emit('participant-joined', { sessionId, ...participantOf(socket) });
      if (room.kind === 'session')
        await markVideoSessionActive(ctx, sessionId).catch(() => undefined);
      // The host opening a consultation room brings the patient's Join back if it was lost
      // (issue 11): the call is announced again, to that patient only.
      if (room.isHost && room.patientId && room.applicationId)
        await announce(ctx, room.patientId, 'roomID-received', room.id, room.applicationId).catch(
          () => undefined,
        );
      await hooks?.joined(sessionId, socket);
    });
  });

  socket.on('leave-session', (payload) => {
    const parsed = LeaveSessionSchema.safeParse(payload);
    if (!parsed.success) return;
    serially(async () => {
      if (data.videoSessionId === parsed.data.sessionId) await leave();
    });
  });

  socket.on('disconnect', (reason) => {
    const sessionId = data.videoSessionId;
    if (!sessionId) return;
    data.videoSessionId = null;
    // Only a socket closed on purpose (the client's own disconnect, the session ending) is
    // gone; a dropped transport (a draining node, the network) comes back (issue 14).
    const reconnecting = !DELIBERATE_DISCONNECTS.has(reason);
    io.to(videoRoom(sessionId)).emit('participant-left', {
      sessionId,
      socketId: socket.id,
      ...(reconnecting ? { reconnecting } : {}),
    });
    void Promise.resolve(hooks?.left(sessionId, socket)).catch(() => undefined);
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
