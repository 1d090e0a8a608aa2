import { z } from 'zod';
import { QueueStatusSchema } from './queue.js';
import type {
  CreateFileAck,
  HostDisconnected,
  RecordingConsentDeclined,
  RecordingConsentRequest,
  RoomBroadcast,
  SharingRefused,
} from './room-messages.js';
import type {
  JoinRefused,
  ParticipantJoined,
  ParticipantLeft,
  ReceivedAnswer,
  ReceivedIceCandidate,
  ReceivedOffer,
  SessionJoined,
} from './signalling.js';

// Realtime events over socket.io at /socket.io (patient-side.md §7, staff-and-video.md §7).
// Payloads are typed here and checked with zod when they arrive.

export const SOCKET_PATH = '/socket.io';

/** Server → one patient: their own queue entry changed (null: no longer in the queue). */
export const QueueUpdateEventSchema = z.object({ status: QueueStatusSchema.nullable() });
export type QueueUpdateEvent = z.infer<typeof QueueUpdateEventSchema>;

/**
 * Server → every patient's socket: the line changed (ADR 0021). It carries no patient's data:
 * the line numbers still waiting, as runs [first, last, first, last…] (queue-line.ts), and the
 * figures every estimate uses. Each page turns it into its own place.
 */
export const QueueLineEventSchema = z.object({
  waiting: z
    .array(z.number().int().nonnegative())
    .refine((runs) => runs.length % 2 === 0, 'runs come in pairs'),
  averageConsultationMinutes: z.number().positive(),
  doctorsOnDuty: z.number().int().positive(),
  physicianOnDuty: z.boolean(),
  clinicOpensAt: z.string().nullable(),
});
export type QueueLine = z.infer<typeof QueueLineEventSchema>;

/** Server → one patient: a call room is ready for them / the call ended (§4 Call room state). */
export const CallAnnouncementSchema = z.object({
  roomId: z.string().min(1).max(100),
  /** The patient's email as the spec shows it; the server picks the patient by the room. */
  email: z.string().max(254).optional(),
  callerRole: z.string().optional(),
  sessionId: z.string().optional(),
  applicationId: z.string().optional(),
  displayName: z.string().optional(),
});
export type CallAnnouncement = z.infer<typeof CallAnnouncementSchema>;

/** Server → one patient: their application's status changed (approval, documents collected). */
export const ApplicationUpdateEventSchema = z.object({
  applicationId: z.string(),
  status: z.string(),
});
export type ApplicationUpdateEvent = z.infer<typeof ApplicationUpdateEventSchema>;

export interface ServerToClientEvents {
  /** Server → staff: the queue changed; their lists refetch (no patient data travels). */
  'queue-changed': () => void;
  'queue-update': (event: QueueUpdateEvent) => void;
  'queue-line': (event: QueueLine) => void;
  'application-update': (event: ApplicationUpdateEvent) => void;
  'document-update': (event: { documentId: string; status: string }) => void;
  'roomID-received': (event: CallAnnouncement) => void;
  'call-ended': (event: CallAnnouncement) => void;
  // WebRTC signalling (ruling 8; payloads in signalling.ts).
  'session-joined': (event: SessionJoined) => void;
  'join-session-refused': (event: JoinRefused) => void;
  'participant-joined': (event: ParticipantJoined) => void;
  'participant-left': (event: ParticipantLeft) => void;
  'webrtc-offer': (event: ReceivedOffer) => void;
  'webrtc-answer': (event: ReceivedAnswer) => void;
  'webrtc-ice-candidate': (event: ReceivedIceCandidate) => void;
  // In-room tools (payloads in room-messages.ts).
  'room-message': (event: RoomBroadcast) => void;
  'sharing-refused': (event: SharingRefused) => void;
  'recording-consent-request': (event: RecordingConsentRequest) => void;
  'recording-consent-declined': (event: RecordingConsentDeclined) => void;
  'host-disconnected': (event: HostDisconnected) => void;
  /** The node is stopping (issue 14): the transport closes next and the client reconnects. */
  'server-restarting': () => void;
}

export interface ClientToServerEvents {
  sendRoomID: (event: unknown) => void;
  // WebRTC signalling: checked on arrival against signalling.ts's Join/Leave/Send* schemas.
  'join-session': (event: unknown) => void;
  'leave-session': (event: unknown) => void;
  'webrtc-offer': (event: unknown) => void;
  'webrtc-answer': (event: unknown) => void;
  'webrtc-ice-candidate': (event: unknown) => void;
  // In-room tools: checked on arrival against room-messages.ts's schemas.
  'room-message': (event: unknown) => void;
  'recording-request': (event: unknown) => void;
  'recording-stop': (event: unknown) => void;
  'recording-consent': (event: unknown) => void;
  'create-file': (event: unknown, ack?: (result: CreateFileAck) => void) => void;
}
