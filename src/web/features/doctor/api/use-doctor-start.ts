import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from '@/features/auth/api/session';
import type { DoctorQueueEntry } from '../../../../shared/schemas/operations';
import { videoRoomPath } from '../../consultation/consultation-path';
import {
  invalidateLifecycle,
  startFailedToast,
  startVideoCall,
} from '../../meetings/api/lifecycle';

/**
 * Start from the doctor's queue: POST /api/admin/start-video-call (it admits the patient to
 * this doctor first when needed and tells the patient), then into the room (staff-and-video.md
 * §4). The room links to the Consultation Interface for notes, the end and the outcome.
 */
export function useDoctorStart() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (entry: DoctorQueueEntry) => startVideoCall(entry.id),
    onSuccess: (answer) => navigate(videoRoomPath(answer.roomId, 'doctor', user?.firstName ?? '')),
    onError: startFailedToast,
    onSettled: () => invalidateLifecycle(queryClient),
  });
}
