import type { QueueStatusView } from '../../../shared/queue';
import { videoRoomPath } from '../../../shared/video-room-path';

// Call room state (patient-side.md §4, as issue 11 changes it): the server holds the live call
// of a consultation in progress and sends it with the queue status, so Join Video Call works
// from any tab or device after a reload, until the physician ends the consultation.

/** The live call's room for this queue status, or null when there is none to join. */
export const callRoomOf = (status: QueueStatusView | null | undefined): string | null =>
  status?.status === 'in_consultation' ? (status.roomId ?? null) : null;

/** Where Join Video Call goes (patient-side.md §2.10; the name comes from the session). */
export const videoCallPath = (roomId: string) => videoRoomPath(roomId, 'patient');
