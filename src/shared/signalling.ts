import { z } from 'zod';
import { ROLES } from './roles.js';

// WebRTC signalling, the one protocol every video screen uses (spec README ruling 8: the
// second flow of staff-and-video.md §7), plus leave-session / participant-left. Every payload is
// checked with these schemas when it arrives; a malformed or oversized one is dropped.
// z.object strips unknown keys, so only what is described here is ever relayed.

export const MAX_ID_LENGTH = 100;
export const MAX_SDP_LENGTH = 20 * 1024;
export const MAX_CANDIDATE_LENGTH = 2 * 1024;
export const MAX_NAME_LENGTH = 200;
export const MAX_TOKEN_LENGTH = 1024;

/** The socket.io room every participant of a video session joins. */
export const videoRoom = (sessionId: string) => `video:${sessionId}`;

/** One participant's own room in a session: relays aimed at them go here (signalling.ts). */
export const participantRoom = (sessionId: string, socketId: string) =>
  `${videoRoom(sessionId)}:${socketId}`;

/** A room, socket or recording id as messages carry it. */
export const Id = z.string().min(1).max(MAX_ID_LENGTH);

/** RTCSessionDescriptionInit with its SDP bounded. */
export const OfferSchema = z.object({
  type: z.literal('offer'),
  sdp: z.string().max(MAX_SDP_LENGTH),
});
export const AnswerSchema = z.object({
  type: z.enum(['answer', 'pranswer']),
  sdp: z.string().max(MAX_SDP_LENGTH),
});
export type SignalOffer = z.infer<typeof OfferSchema>;
export type SignalAnswer = z.infer<typeof AnswerSchema>;

/** RTCIceCandidateInit with its candidate line bounded. */
export const IceCandidateSchema = z.object({
  candidate: z.string().max(MAX_CANDIDATE_LENGTH),
  sdpMid: z.string().max(MAX_ID_LENGTH).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
  usernameFragment: z.string().max(MAX_ID_LENGTH).nullable().optional(),
});
export type SignalIceCandidate = z.infer<typeof IceCandidateSchema>;

/** A participant as the others see them; identity comes from the server, never the client. */
export const ParticipantSchema = z.object({
  socketId: Id,
  userId: Id,
  userName: z.string().max(MAX_NAME_LENGTH),
  role: z.enum(ROLES),
});
export type Participant = z.infer<typeof ParticipantSchema>;

// ---- Client → server ----

/**
 * join-session (sessionId, userId, userName, role, applicationId). The server checks membership
 * itself and takes userId, userName and role from the signed-in session: the client's values
 * are accepted for compatibility and ignored. `token` is the join token from
 * POST /api/video/token for this room and user; without a valid one the join is refused.
 */
export const JoinSessionSchema = z.object({
  sessionId: Id,
  token: z.string().max(MAX_TOKEN_LENGTH).optional(),
  userId: z.string().max(MAX_ID_LENGTH).optional(),
  userName: z.string().max(MAX_NAME_LENGTH).optional(),
  role: z.string().max(MAX_ID_LENGTH).optional(),
  applicationId: z.string().max(MAX_ID_LENGTH).nullable().optional(),
});
export type JoinSession = z.infer<typeof JoinSessionSchema>;

export const LeaveSessionSchema = z.object({ sessionId: Id });
export type LeaveSession = z.infer<typeof LeaveSessionSchema>;

/** webrtc-offer as sent: to one participant of the sender's session. */
export const SendOfferSchema = z.object({
  sessionId: Id.optional(),
  offer: OfferSchema,
  targetSocketId: Id,
});
export type SendOffer = z.infer<typeof SendOfferSchema>;

/** webrtc-answer as sent: to one participant of the sender's session. */
export const SendAnswerSchema = z.object({
  sessionId: Id.optional(),
  answer: AnswerSchema,
  targetSocketId: Id,
});
export type SendAnswer = z.infer<typeof SendAnswerSchema>;

/**
 * webrtc-ice-candidate as sent: candidate and sessionId; without targetSocketId it goes to
 * every other participant of the session.
 */
export const SendIceCandidateSchema = z.object({
  sessionId: Id,
  candidate: IceCandidateSchema,
  targetSocketId: Id.optional(),
});
export type SendIceCandidate = z.infer<typeof SendIceCandidateSchema>;

// ---- Server → client ----

/** To the joiner: the session and the others already in it. */
export const SessionJoinedSchema = z.object({
  sessionId: Id,
  participants: z.array(ParticipantSchema),
});
export type SessionJoined = z.infer<typeof SessionJoinedSchema>;

/** To the joiner: the server would not let them in (unknown, ended, or not theirs). */
export const JoinRefusedSchema = z.object({ sessionId: z.string(), message: z.string() });
export type JoinRefused = z.infer<typeof JoinRefusedSchema>;

export const ParticipantJoinedSchema = ParticipantSchema.extend({ sessionId: Id });
export type ParticipantJoined = z.infer<typeof ParticipantJoinedSchema>;

/**
 * `reconnecting`: the socket dropped rather than left (its node stopped, the network blinked);
 * the same user is likely back under a new socket id, so the others keep their media a while.
 */
export const ParticipantLeftSchema = z.object({
  sessionId: Id,
  socketId: Id,
  reconnecting: z.boolean().optional(),
});
export type ParticipantLeft = z.infer<typeof ParticipantLeftSchema>;

export const ReceivedOfferSchema = z.object({
  sessionId: Id,
  offer: OfferSchema,
  fromSocketId: Id,
});
export type ReceivedOffer = z.infer<typeof ReceivedOfferSchema>;

export const ReceivedAnswerSchema = z.object({
  sessionId: Id,
  answer: AnswerSchema,
  fromSocketId: Id,
});
export type ReceivedAnswer = z.infer<typeof ReceivedAnswerSchema>;

export const ReceivedIceCandidateSchema = z.object({
  sessionId: Id,
  candidate: IceCandidateSchema,
  fromSocketId: Id,
});
export type ReceivedIceCandidate = z.infer<typeof ReceivedIceCandidateSchema>;

/**
 * Who sends the offer between two participants (§4: the doctor creates the offer when the
 * patient joins). A non-patient offers to a patient; otherwise the one already in the room
 * offers to the newcomer. Both sides compute the same answer, so exactly one offers.
 */
export function offersTo(
  self: { role: string; arrivedFirst: boolean },
  other: { role: string },
): boolean {
  const selfPatient = self.role === 'patient';
  const otherPatient = other.role === 'patient';
  if (selfPatient !== otherPatient) return otherPatient;
  return self.arrivedFirst;
}
