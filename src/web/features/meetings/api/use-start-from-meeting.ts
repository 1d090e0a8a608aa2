import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { consultationPath } from '../../consultation/consultation-path';
import { invalidateLifecycle, startFailedToast, startVideoCall } from './lifecycle';
import type { WaitingPatient } from './meetings';

/**
 * Start Video Call from a meeting (staff-and-video.md §4): admit first when the patient is
 * still waiting, then start and open the room, then go to the Consultation Interface.
 * The admission goes through the meeting so the patient is assigned to its doctor (ruling 16);
 * the server's start call admits on its own only for a doctor.
 */
export function useStartFromMeeting() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ patient, meetingId }: { patient: WaitingPatient; meetingId: string }) => {
      if (patient.status === 'waiting')
        await apiRequest(
          'POST',
          `/api/admin/meetings/${encodeURIComponent(meetingId)}/admit/${encodeURIComponent(patient.id)}`,
        );
      return startVideoCall(patient.id);
    },
    onSuccess: (answer, { patient }) =>
      navigate(
        consultationPath({
          queueId: patient.id,
          roomId: answer.roomId,
          consultationId: answer.consultation.id,
          applicationId: patient.applicationId,
        }),
      ),
    onError: startFailedToast,
    onSettled: () => invalidateLifecycle(queryClient),
  });
}
