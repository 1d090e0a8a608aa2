import { z } from 'zod';
import { RECORDING_VIDEO_TYPES } from './schemas/video.js';
import { Id, MAX_NAME_LENGTH, type ParticipantSchema } from './signalling.js';

// In-room data messages (staff-and-video.md §3 "In-room data messages", §4): chat, camera
// state, screen-share turns, the whiteboard, rating and recording. They travel over the same
// socket as signalling, on one event `room-message`, checked against these schemas on
// arrival; the server relays them only within the sender's room and stamps who sent them.
// Recording start/stop goes through its own events (consent first), below.

export const MAX_CHAT_LENGTH = 2000;
/** Whiteboard limits: a line's points, and the lines a board keeps (older ones drop first). */
export const MAX_LINE_POINTS = 2000;
export const MAX_BOARD_LINES = 2000;
/** All lines' points together: bounds what the server keeps and sends a newcomer (~6 MB). */
export const MAX_BOARD_POINTS = 200_000;

/** §9 whiteboard defaults. */
export const WHITEBOARD_DEFAULTS = {
  penSize: 5,
  penColor: '#3bcc4a',
  eraserSize: 50,
} as const;

/** Whiteboard line (§3): points as percentages of the canvas, so any size replays it. */
export const WhiteboardLineSchema = z.object({
  points: z
    .array(z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }))
    .min(1)
    .max(MAX_LINE_POINTS),
  size: z.number().min(1).max(200),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  eraserMode: z.boolean(),
});
export type WhiteboardLine = z.infer<typeof WhiteboardLineSchema>;

export const DEVICE_KINDS = ['audioinput', 'audiooutput', 'videoinput'] as const;

/** What a participant sends with `room-message`. */
export const ClientRoomMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat-box'), text: z.string().trim().min(1).max(MAX_CHAT_LENGTH) }),
  /** Camera on/off; the server adds who (§3 video-off: id, name, videoFlag). */
  z.object({ type: z.literal('video-off'), videoFlag: z.boolean() }),
  /** A participant changed a device (informational: tracks are replaced without renegotiating). */
  z.object({ type: z.literal('device-switch'), kind: z.enum(DEVICE_KINDS) }),
  /** A newcomer asks everyone to send their camera state (§9: 500 ms after joining). */
  z.object({ type: z.literal('request-video-status') }),
  /** Screen share on/off; one at a time (§4), the server refuses a second sharer. */
  z.object({ type: z.literal('sharing-toggle'), flag: z.boolean() }),
  z.object({ type: z.literal('create-canvas') }),
  z.object({ type: z.literal('remove-canvas') }),
  z.object({ type: z.literal('clear-canvas') }),
  z.object({ type: z.literal('undo-canvas') }),
  z.object({ type: z.literal('drawLine'), line: WhiteboardLineSchema }),
  z.object({
    type: z.literal('send-rating'),
    rating: z.number().int().min(1).max(5),
    comment: z.string().max(MAX_CHAT_LENGTH).optional(),
  }),
]);
export type ClientRoomMessage = z.infer<typeof ClientRoomMessageSchema>;

/** What only the server sends: the board for a newcomer, and recording on/off (§3 recording). */
export const ServerRoomMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('canvas-state'),
    open: z.boolean(),
    lines: z.array(WhiteboardLineSchema),
  }),
  z.object({ type: z.literal('recording'), flag: z.boolean(), recordingId: Id }),
]);
export type ServerRoomMessage = z.infer<typeof ServerRoomMessageSchema>;

export type RoomMessage = ClientRoomMessage | ServerRoomMessage;

/** C → S `room-message`. */
export const SendRoomMessageSchema = z.object({
  sessionId: Id,
  message: ClientRoomMessageSchema,
});
export type SendRoomMessage = z.infer<typeof SendRoomMessageSchema>;

/**
 * S → C `room-message`: `from` is the sender as the server knows them (null for the server's
 * own messages). A message is never echoed to its sender.
 */
export interface RoomBroadcast {
  sessionId: string;
  from: z.infer<typeof ParticipantSchema> | null;
  message: RoomMessage;
}

/** S → C `sharing-refused`: another participant is sharing (§4). */
export const SHARING_TAKEN = 'Someone has already shared the screen';
export interface SharingRefused {
  sessionId: string;
  message: string;
}

// ---- Recording (§4 Recording, §7 Recording; issue 5: consent first) ----

/** C → S `recording-request` / `recording-stop`: only the room's host is heard. */
export const RecordingControlSchema = z.object({ sessionId: Id });

/** S → C (each patient in the room) `recording-consent-request`. */
export interface RecordingConsentRequest {
  sessionId: string;
  recordingId: string;
  requestedBy: string;
}

/** C → S `recording-consent`: the patient's answer. */
export const RecordingConsentSchema = z.object({
  sessionId: Id,
  recordingId: Id,
  accepted: z.boolean(),
});
export type RecordingConsent = z.infer<typeof RecordingConsentSchema>;

/** S → C (the host) `recording-consent-declined`. */
export interface RecordingConsentDeclined {
  sessionId: string;
  recordingId: string;
  userName: string;
  message: string;
}
export const CONSENT_DECLINED = (name: string) => `${name} declined to be recorded`;

/** S → C `host-disconnected` (§7): the host left, so the recording stopped. */
export interface HostDisconnected {
  sessionId: string;
  recordingId: string;
}

/**
 * C → S `create-file` (§7: roomId, recordingId, streamId, isHost, userName; plus what the
 * browser recorded). Answered through the ack with the file to send chunks to:
 * POST /api/video/recordings/:fileId/chunks?seq=N, then POST …/:fileId/complete.
 */
export const CreateFileSchema = z.object({
  roomId: Id,
  recordingId: Id,
  streamId: z.string().min(1).max(200),
  isHost: z.boolean().optional(),
  userName: z.string().max(MAX_NAME_LENGTH).optional(),
  videoType: z.enum(RECORDING_VIDEO_TYPES),
  mimeType: z
    .string()
    .max(200)
    .regex(/^(video|audio)\/webm(;.*)?$|^(video|audio)\/mp4(;.*)?$/, 'Unsupported recording type'),
});
export type CreateFile = z.infer<typeof CreateFileSchema>;
export type CreateFileAck = { ok: true; fileId: string } | { ok: false; message: string };
