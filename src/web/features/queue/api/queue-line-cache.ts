import type { QueryClient } from '@tanstack/react-query';
import type { QueueStatusView } from '../../../../shared/queue';
import { applyQueueLine, placeFinder } from '../../../../shared/queue-line';
import { QueueLineEventSchema } from '../../../../shared/realtime';
import { QUEUE_STATUS_KEY } from './queue';

// Apart from queue.ts, which the dashboard loads before it first draws: this one validates the
// socket's payload with zod, and only the live connection, which loads later, needs it.

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
