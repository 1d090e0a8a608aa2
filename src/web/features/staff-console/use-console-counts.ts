import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CONSOLE_COUNTS_PATH, type ConsoleCounts } from '../../../shared/schemas/console-counts';

// The sidebar's badges. The queue's pushes (use-staff-live-updates: queue-changed) refetch
// them at once; documents and follow-ups have no push to staff, so they refresh on a slow poll
// and whenever the user moves to another page (after reviewing a document, say).

const COUNTS_REFETCH_MS = 30_000;

export function useConsoleCounts(): ConsoleCounts | undefined {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const counts = useQuery<ConsoleCounts>({
    queryKey: [CONSOLE_COUNTS_PATH],
    refetchInterval: COUNTS_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_COUNTS_PATH] });
  }, [pathname, queryClient]);
  return counts.data;
}
