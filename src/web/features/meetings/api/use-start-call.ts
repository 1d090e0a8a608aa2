import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { videoRoomPath } from '../../../../shared/schemas/video';
import { invalidateLifecycle, startFailedToast, type VideoCallAnswer } from './lifecycle';

/**
 * Start Video Call (staff-and-video.md §4): `start` opens the room, then the staff member goes
 * into it. The room links to the Consultation Interface for notes, the end and the outcome.
 */
export function useStartCall<Input>(start: (input: Input) => Promise<VideoCallAnswer>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: start,
    onSuccess: (answer) => navigate(videoRoomPath(answer.roomId, 'doctor')),
    onError: startFailedToast,
    onSettled: () => invalidateLifecycle(queryClient),
  });
}
