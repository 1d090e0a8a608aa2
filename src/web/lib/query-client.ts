import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

// Spec §9: data never goes stale, no refetch on focus, no polling, no retry.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
