import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { acquireSocket } from '@/lib/socket';
import { CONSOLE_COUNTS_PATH } from '../../../shared/schemas/console-counts';

// The lists that move with the queue; each refetches when the server says the queue changed,
// besides its own polling interval (staff-and-video.md §9). The console's badges count the
// waiting line too (issue 12).
const QUEUE_VIEWS = [
  '/api/doctor/',
  '/api/admin/meetings',
  '/api/admin/waiting-room',
  '/api/admin/queue-status',
  CONSOLE_COUNTS_PATH,
];

/** Live refetches for staff pages while they are on screen (issue 4: live pushes). */
export function useStaffLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const { socket, release } = acquireSocket();
    const onChanged = () =>
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const key = query.queryKey[0];
          return typeof key === 'string' && QUEUE_VIEWS.some((prefix) => key.startsWith(prefix));
        },
      });
    socket.on('queue-changed', onChanged);
    return () => {
      socket.off('queue-changed', onChanged);
      release();
    };
  }, [enabled, queryClient]);
}
