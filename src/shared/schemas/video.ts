import { z } from 'zod';

// Video sessions, join tokens, ICE servers, the patient's consultation link and recordings
// (staff-and-video.md §2 Video Sessions, §3, §5, §7, §9; spec README ruling 8: every room,
// token, link and recording is the product's own).

export const VIDEO_SESSION_PARTICIPANTS = { min: 2, max: 50, default: 10 } as const;
export const SESSION_TITLE_REQUIRED = 'Please enter a session title';
export const MAX_SESSION_TITLE_LENGTH = 120;

/** POST /api/video/sessions. `hostUserId` is accepted for compatibility: the host is the caller. */
export const CreateVideoSessionSchema = z.object({
  title: z
    .string({ error: SESSION_TITLE_REQUIRED })
    .trim()
    .min(1, SESSION_TITLE_REQUIRED)
    .max(
      MAX_SESSION_TITLE_LENGTH,
      `The title must be at most ${MAX_SESSION_TITLE_LENGTH} characters`,
    ),
  maxParticipants: z.coerce
    .number({ error: 'Maximum participants must be a number' })
    .int('Maximum participants must be a whole number')
    .min(VIDEO_SESSION_PARTICIPANTS.min, `At least ${VIDEO_SESSION_PARTICIPANTS.min} participants`)
    .max(VIDEO_SESSION_PARTICIPANTS.max, `At most ${VIDEO_SESSION_PARTICIPANTS.max} participants`)
    .default(VIDEO_SESSION_PARTICIPANTS.default),
  hostUserId: z.string().max(100).optional(),
});
export type CreateVideoSession = z.infer<typeof CreateVideoSessionSchema>;

export const VIDEO_SESSION_STATUSES = ['created', 'active', 'ended'] as const;
export type VideoSessionStatus = (typeof VIDEO_SESSION_STATUSES)[number];

/** Video session (§3): participantCount is who is in the room now. */
export interface VideoSessionView {
  id: string;
  title: string;
  status: VideoSessionStatus;
  participantCount: number;
  maxParticipants: number;
  createdAt: string;
  hostName: string;
  /** Absolute link to /video-call?session={id}. */
  joinUrl: string;
}

export interface CreateVideoSessionResponse {
  session: VideoSessionView;
  joinUrl: string;
}

export interface VideoSessionList {
  sessions: VideoSessionView[];
  activeSessions: number;
  totalSessions: number;
}

/** The simple call's and the session list's link (§2: Join links /video-call?session={id}). */
export const videoSessionPath = (sessionId: string) =>
  `/video-call?session=${encodeURIComponent(sessionId)}`;

export { videoRoomPath } from '../video-room-path.js';

/** RTCIceServer as the browser takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/**
 * POST /api/video/token (the call-room token request of §3: roomId, username, role). The
 * server checks membership itself; username and role are accepted and ignored.
 */
export const JoinTokenRequestSchema = z.object({
  roomId: z.string().trim().min(1, 'roomId is required').max(100),
  username: z.string().max(200).optional(),
  role: z.string().max(50).optional(),
});

export type RoomKind = 'consultation' | 'session';
/** A consultation room's title (a video session's is the one its creator gave). */
export const CONSULTATION_ROOM_TITLE = 'Video Consultation';

export interface JoinTokenResponse {
  /** Short-lived proof that this user may join this room; sent with join-session. */
  token: string;
  expiresAt: string;
  /** STUN/TURN from configuration (TURN credentials are short-lived); [] on loopback. */
  iceServers: IceServer[];
  room: {
    id: string;
    kind: RoomKind;
    title: string;
    maxParticipants: number;
    /** May this user start and stop recording here (the room's host)? */
    isHost: boolean;
    applicationId: string | null;
    /** A consultation's queue entry, for the host's End consultation (issue 11); else null. */
    queueId: string | null;
  };
}

/** POST /api/doxy/generate-url (patient-side.md §7): the product's own link for the patient. */
export const GenerateConsultationUrlSchema = z.object({
  patientName: z.string().max(200).optional(),
  applicationId: z.string().uuid('applicationId must be an application id'),
});
export interface GenerateConsultationUrlResponse {
  patientUrl: string;
}

export const RECORDING_VIDEO_TYPES = ['video', 'screen'] as const;
export type RecordingVideoType = (typeof RECORDING_VIDEO_TYPES)[number];
/** §9: chunks every 3 s; 'Anonymous' when the recorder has no name. */
export const RECORDING_CHUNK_MS = 3000;
export const DEFAULT_RECORDER_NAME = 'Anonymous';
/** The largest chunk the server takes (3 s of 1080p with audio is well below). */
export const MAX_RECORDING_CHUNK_BYTES = 16 * 1024 * 1024;
/**
 * The most one recording file holds: its size is counted in a 32-bit column, and 2 GB is
 * close to two hours of 2.5 Mbit/s video, far past a consultation.
 */
export const MAX_RECORDING_FILE_BYTES = 2_000_000_000;

/** A stored participant stream, as staff list it (GET /api/admin/recordings). */
export interface RecordingFileView {
  id: string;
  recordingId: string;
  roomId: string;
  roomTitle: string;
  patientName: string | null;
  userName: string;
  videoType: RecordingVideoType;
  mimeType: string;
  status: string;
  chunkCount: number;
  sizeBytes: number;
  startTime: string;
  endTime: string | null;
}
