import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { defaultQueryFn, isApiError } from './api-client';
import { isMfaRequired, sendToMfa } from './mfa-redirect';

/** The session query's key: GET /api/user is the only source of the signed-in user. */
export const SESSION_QUERY_KEY = '/api/user';

/**
 * A 401 from any other call means the session ended (idle timeout, signed out elsewhere):
 * mark the user signed out so the route guards show the "logged out" toast and go to login.
 */
function onUnauthorized(error: unknown, key?: readonly unknown[]): void {
  if (isMfaRequired(error)) {
    sendToMfa();
    return;
  }
  if (!isApiError(error, 401) || key?.[0] === SESSION_QUERY_KEY) return;
  if (queryClient.getQueryData([SESSION_QUERY_KEY])) {
    queryClient.setQueryData([SESSION_QUERY_KEY], null);
  }
}

// Spec §9: data never goes stale, no refetch on focus, no polling, no retry.
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onUnauthorized(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => onUnauthorized(error) }),
  defaultOptions: {
    queries: {
      // Refetches of data already shown go out marked as background (issue 13: not activity).
      queryFn: defaultQueryFn,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
