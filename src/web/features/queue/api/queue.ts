import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import type { QueueStatusView } from '../../../../shared/queue';
import { applyQueueLine, placeFinder } from '../../../../shared/queue-line';
import { QueueLineEventSchema } from '../../../../shared/realtime';

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

/**
 * The line's broadcast (ADR 0021) turned into this patient's cached status: their place and
 * estimate, worked out from their own line number. A waiting patient whose number is no longer
 * in the line missed their own update (it comes before the broadcast): the status is read again.
 */
export function applyQueueLineToCache(queryClient: QueryClient, payload: unknown): void {
  const parsed = QueueLineEventSchema.safeParse(payload);
  const cached = queryClient.getQueryData<QueueStatusView | null>([QUEUE_STATUS_KEY]);
  if (!parsed.success || !cached) return;
  const place = placeFinder(parsed.data.waiting);
  if (cached.status === 'waiting' && place(cached.lineNumber) === 0) {
    void queryClient.invalidateQueries({ queryKey: [QUEUE_STATUS_KEY] });
    return;
  }
  queryClient.setQueryData([QUEUE_STATUS_KEY], applyQueueLine(cached, parsed.data, place));
}
