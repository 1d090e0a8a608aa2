import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import type { QueueStatusView } from '../../../../shared/queue';

export const QUEUE_STATUS_KEY = '/api/queue/status';

/**
 * Polling is the fallback; the socket's 'queue-update' (the patient's own entry) and
 * 'queue-line' (everyone's places, ADR 0021) set the data directly.
 */
export const QUEUE_POLL_DASHBOARD_MS = 30_000;
export const QUEUE_POLL_QUEUE_PAGE_MS = 15_000;

export const queueStatusQuery = () =>
  queryOptions({
    queryKey: [QUEUE_STATUS_KEY],
    queryFn: (context) => getJson<QueueStatusView | null>(QUEUE_STATUS_KEY, context),
  });

export function useQueueStatus(pollMs: number | false = false) {
  return useQuery({ ...queueStatusQuery(), refetchInterval: pollMs });
}

/** Joins with the dispensary statement (issue 11); only the wizard's queue step offers it. */
export function useJoinQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) =>
      apiRequest<QueueStatusView | null>('POST', '/api/queue/join', {
        applicationId,
        notAtDispensary: true,
      }),
    onSuccess: (status) => queryClient.setQueryData([QUEUE_STATUS_KEY], status),
  });
}

export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/queue/leave'),
    onSuccess: () => queryClient.setQueryData([QUEUE_STATUS_KEY], null),
  });
}
