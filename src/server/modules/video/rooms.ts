import { eq } from 'drizzle-orm';
import { ACCESS, allows, type Permission, type Role } from '../../../shared/roles.js';
import { CONSULTATION_ROOM_TITLE, type RoomKind } from '../../../shared/schemas/video.js';
import type { AppContext } from '../../context.js';
import { consultations, videoSessions } from '../../db/schema/index.js';

// The one rule of who may be in which video room (issue 5; spec README ruling 8). A room is
// either a consultation room (consultations.room_id, opened by Start Video Call) or a video
// session from /video-sessions. The join token endpoint, the signalling server and the
// recording code all ask here.

/** Who is asking: the signed-in user as the session (or socket.data) knows them. */
export interface RoomVisitor {
  userId: string;
  role: Role;
  permissions: readonly Permission[];
  patientId: string | null;
}

export interface RoomInfo {
  id: string;
  kind: RoomKind;
  title: string;
  maxParticipants: number;
  /** The room is over: nobody joins any more. */
  ended: boolean;
  /** May this visitor be in the room at all (before counting heads)? */
  admitted: boolean;
  /** The host starts and stops recording: a consultation's staff side, a session's creator. */
  isHost: boolean;
  consultationId: string | null;
  videoSessionId: string | null;
  applicationId: string | null;
  /** A consultation's patient (patient_profiles.id); null for a video session. */
  patientId: string | null;
  /** A consultation's queue entry, for its host's End consultation; null otherwise. */
  queueId: string | null;
}

/** A consultation room admits its two people, plus two; a session admits its maximum. */
const CONSULTATION_ROOM_SIZE = 4;

async function consultationRoom(
  ctx: AppContext,
  roomId: string,
  who: RoomVisitor,
): Promise<RoomInfo | null> {
  const [row] = await ctx.db
    .select({
      id: consultations.id,
      doctorId: consultations.doctorId,
      patientId: consultations.patientId,
      applicationId: consultations.applicationId,
      queueEntryId: consultations.queueEntryId,
      endedAt: consultations.endedAt,
    })
    .from(consultations)
    .where(eq(consultations.roomId, roomId))
    .limit(1);
  if (!row) return null;
  // The consultation's physician while they hold the doctor role (a demotion ends it).
  const isDoctor = who.role === 'doctor' && who.userId === row.doctorId;
  const isPatient = who.patientId !== null && who.patientId === row.patientId;
  // Another physician has no place in this patient's room; staff who run consultations
  // (the `meetings` permission) may join.
  const isStaff =
    who.role !== 'patient' && who.role !== 'doctor' && allows(ACCESS.runConsultation, who);
  return {
    id: roomId,
    kind: 'consultation',
    title: CONSULTATION_ROOM_TITLE,
    maxParticipants: CONSULTATION_ROOM_SIZE,
    ended: row.endedAt !== null,
    admitted: isDoctor || isPatient || isStaff,
    isHost: isDoctor || isStaff,
    consultationId: row.id,
    videoSessionId: null,
    applicationId: row.applicationId,
    patientId: row.patientId,
    queueId: isDoctor || isStaff ? row.queueEntryId : null,
  };
}

async function videoSessionRoom(
  ctx: AppContext,
  roomId: string,
  who: RoomVisitor,
): Promise<RoomInfo | null> {
  const [row] = await ctx.db
    .select()
    .from(videoSessions)
    .where(eq(videoSessions.id, roomId))
    .limit(1);
  if (!row) return null;
  return {
    id: roomId,
    kind: 'session',
    title: row.title,
    maxParticipants: row.maxParticipants,
    ended: row.status === 'ended',
    // Anyone signed in with the link (ruling 7's matrix: "anyone signed in joins by link").
    admitted: true,
    isHost: row.hostUserId === who.userId,
    consultationId: null,
    videoSessionId: row.id,
    applicationId: null,
    patientId: null,
    queueId: null,
  };
}

const ROOM_KINDS = [consultationRoom, videoSessionRoom] as const;

/** The room with this id as this visitor sees it, or null if there is no such room. */
export async function describeRoom(
  ctx: AppContext,
  roomId: string,
  who: RoomVisitor,
): Promise<RoomInfo | null> {
  for (const kind of ROOM_KINDS) {
    const room = await kind(ctx, roomId, who);
    if (room) return room;
  }
  return null;
}
