import type { DoctorQueueEntry } from '../../../../shared/schemas/operations';
import { startVideoCall } from '../../meetings/api/lifecycle';
import { useStartCall } from '../../meetings/api/use-start-call';

/**
 * Start from the doctor's queue: POST /api/admin/start-video-call admits the patient to this
 * doctor first when needed and tells the patient; then into the room.
 */
export const useDoctorStart = () =>
  useStartCall((entry: DoctorQueueEntry) => startVideoCall(entry.id));
