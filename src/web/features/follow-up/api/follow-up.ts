import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type {
  ConsultationStatusRecord,
  DocumentsCollectedResponse,
  FollowUpTaskView,
  InitiateDocumentCollectionRequest,
  PostConsultationTask,
} from '../../../../shared/schemas/follow-up';

// The Post-Consultation tab's calls (staff-and-video.md §7; polling §9: statuses 60 s,
// tasks 45 s).

export const CONSULTATION_STATUSES_KEY = '/api/admin/consultation-statuses';
export const POST_CONSULTATION_TASKS_KEY = '/api/admin/post-consultation-tasks';

export const STATUSES_POLL_MS = 60_000;
export const TASKS_POLL_MS = 45_000;

export function useConsultationStatuses() {
  return useQuery<ConsultationStatusRecord[]>({
    queryKey: [CONSULTATION_STATUSES_KEY],
    refetchInterval: STATUSES_POLL_MS,
  });
}

export function usePostConsultationTasks() {
  return useQuery<PostConsultationTask[]>({
    queryKey: [POST_CONSULTATION_TASKS_KEY],
    refetchInterval: TASKS_POLL_MS,
  });
}

function useRefreshFollowUp() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [CONSULTATION_STATUSES_KEY] }),
      queryClient.invalidateQueries({ queryKey: [POST_CONSULTATION_TASKS_KEY] }),
    ]);
}

export function useInitiateDocumentCollection() {
  const refresh = useRefreshFollowUp();
  return useMutation({
    mutationFn: (body: InitiateDocumentCollectionRequest) =>
      apiRequest<{ message: string; task: FollowUpTaskView }>(
        'POST',
        '/api/admin/initiate-document-collection',
        body,
      ),
    onSettled: refresh,
  });
}

/** Ruling 3: `documents_collected` is the only status a client may set. */
export function useMarkDocumentsCollected() {
  const refresh = useRefreshFollowUp();
  return useMutation({
    mutationFn: (applicationId: string) =>
      apiRequest<DocumentsCollectedResponse>(
        'PATCH',
        `/api/applications/${encodeURIComponent(applicationId)}/status`,
        { status: 'documents_collected' },
      ),
    onSettled: refresh,
  });
}
