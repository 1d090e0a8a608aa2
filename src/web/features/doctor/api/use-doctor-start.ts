import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { DoctorConsultation, DoctorQueueEntry } from '../../../../shared/schemas/operations';
import { consultationPath } from '../../consultation/consultation-path';
import {
  invalidateLifecycle,
  startFailedToast,
  startVideoCall,
} from '../../meetings/api/lifecycle';
import { doctorConsultationsKey } from './doctor';

/**
 * Start from the doctor's queue: POST /api/admin/start-video-call (it admits the patient to
 * this doctor first when needed), then the Consultation Interface for that patient. The queue
 * entry has no patient id, so it is read from the doctor's active consultations.
 */
export function useDoctorStart() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (entry: DoctorQueueEntry) => {
      const answer = await startVideoCall(entry.id);
      const active = await queryClient
        .fetchQuery<DoctorConsultation[]>({
          queryKey: [doctorConsultationsKey('active')],
          staleTime: 0,
        })
        .catch(() => []);
      const row = active.find((c) => c.queueId === entry.id);
      return { answer, patientId: row?.patientId ?? null };
    },
    onSuccess: ({ answer, patientId }, entry) =>
      navigate(
        consultationPath({
          patientId,
          queueId: entry.id,
          roomId: answer.roomId,
          consultationId: answer.consultation.id,
          applicationId: entry.applicationId,
        }),
      ),
    onError: startFailedToast,
    onSettled: () => invalidateLifecycle(queryClient),
  });
}
