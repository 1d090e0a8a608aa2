import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { ReassignPatientRequest } from '../../../../shared/schemas/reassign';

// The consultation lifecycle calls (staff-and-video.md §4, §7, §8; ruling 3). Each shows the
// spec's toast; a failure names the server's reason when it gave one.

interface EntryAnswer {
  message: string;
  entry: { id: string; status: string };
}

export interface ConsultationAnswer {
  message: string;
  consultation: {
    id: string;
    startedAt: string;
    endedAt: string | null;
    durationSeconds: number | null;
    roomId: string | null;
  };
}

export interface VideoCallAnswer extends ConsultationAnswer {
  roomId: string;
}

/** Every list a lifecycle step changes: meetings, queues, consultations, records, figures. */
const LIFECYCLE_PREFIXES = [
  '/api/admin/meetings',
  '/api/admin/waiting-room',
  '/api/doctor/',
  '/api/admin/queue-status',
  '/api/admin/patients',
  '/api/admin/post-consultation-tasks',
];

export function invalidateLifecycle(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return typeof key === 'string' && LIFECYCLE_PREFIXES.some((p) => key.startsWith(p));
    },
  });
}

export const meetingPath = (meetingId: string, action: 'admit' | 'reject', queueId: string) =>
  `/api/admin/meetings/${encodeURIComponent(meetingId)}/${action}/${encodeURIComponent(queueId)}`;

/** Admit into a meeting: the patient goes to that meeting's doctor (ruling 16). */
export function useAdmitPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, queueId }: { meetingId: string; queueId: string }) =>
      apiRequest<EntryAnswer>('POST', meetingPath(meetingId, 'admit', queueId)),
    onSuccess: () => toast({ title: 'Patient admitted' }),
    onError: (error) =>
      toast({
        title: 'Failed to admit patient',
        description: errorMessage(error, 'Could not admit patient to meeting'),
        variant: 'destructive',
      }),
    onSettled: () => invalidateLifecycle(queryClient),
  });
}

export function useRejectPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      meetingId,
      queueId,
      reason,
    }: {
      /** Null for a patient not yet in a meeting (no doctor on duty): the clinic-wide call. */
      meetingId: string | null;
      queueId: string;
      reason: string;
    }) =>
      meetingId
        ? apiRequest<EntryAnswer>('POST', meetingPath(meetingId, 'reject', queueId), { reason })
        : apiRequest<EntryAnswer>('POST', '/api/admin/reject-patient', { queueId, reason }),
    onSuccess: () => toast({ title: 'Patient rejected' }),
    onError: (error) =>
      toast({
        title: 'Failed to reject patient',
        description: errorMessage(error, 'Could not reject patient'),
        variant: 'destructive',
      }),
    onSettled: () => invalidateLifecycle(queryClient),
  });
}

/** POST /api/admin/reassign-patient: a doctor admin or admin moves the patient to a doctor. */
export function useReassignPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReassignPatientRequest) =>
      apiRequest<EntryAnswer>('POST', '/api/admin/reassign-patient', body),
    onSuccess: () => toast({ title: 'Patient reassigned' }),
    onError: (error) =>
      toast({
        title: 'Failed to reassign patient',
        description: errorMessage(error, 'The patient could not be reassigned.'),
        variant: 'destructive',
      }),
    onSettled: () => invalidateLifecycle(queryClient),
  });
}

export const START_FAILED = 'Failed to start consultation. Please try again.';

export function startFailedToast(error: unknown) {
  toast({
    title: START_FAILED,
    description: errorMessage(error, 'The consultation could not be started.'),
    variant: 'destructive',
  });
}

/** POST /api/admin/start-video-call: starts the consultation and opens its room. */
export const startVideoCall = (queueId: string) =>
  apiRequest<VideoCallAnswer>('POST', '/api/admin/start-video-call', { queueId });

export function useEndConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (queueId: string) =>
      apiRequest<ConsultationAnswer>('POST', '/api/admin/end-consultation', { queueId }),
    onSuccess: () => toast({ title: 'Consultation ended' }),
    onError: (error) =>
      toast({
        title: 'Failed to end consultation',
        description: errorMessage(error, 'The consultation could not be ended.'),
        variant: 'destructive',
      }),
    onSettled: () => invalidateLifecycle(queryClient),
  });
}
