import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from '@/features/auth/api/session';
import { apiRequest } from '@/lib/api-client';
import { videoRoomPath } from '../../consultation/consultation-path';
import { invalidateLifecycle, startFailedToast, startVideoCall } from './lifecycle';
import type { WaitingPatient } from './meetings';

/**
 * Start Video Call from a meeting (staff-and-video.md §4): admit first when the patient is
 * still waiting, then start and open the room, then go into the room (the room links back to
 * the Consultation Interface for the notes, the end and the outcome).
 * The admission goes through the meeting so the patient is assigned to its doctor (ruling 16);
 * the server's start call admits on its own only for a doctor.
 */
export function useStartFromMeeting() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ patient, meetingId }: { patient: WaitingPatient; meetingId: string }) => {
      if (patient.status === 'waiting')
        await apiRequest(
          'POST',
          `/api/admin/meetings/${encodeURIComponent(meetingId)}/admit/${encodeURIComponent(patient.id)}`,
        );
      return startVideoCall(patient.id);
    },
    onSuccess: (answer) => navigate(videoRoomPath(answer.roomId, 'doctor', user?.firstName ?? '')),
    onError: startFailedToast,
    onSettled: () => invalidateLifecycle(queryClient),
  });
}
