import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { isMfaRequired, sendToMfa } from '@/lib/mfa-redirect';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import type { CurrentUser } from '../../../../shared/schemas/auth';

export const CURRENT_USER_KEY = SESSION_QUERY_KEY;

/**
 * The session is restored only from GET /api/user (ruling 12: no PHI in browser storage).
 * A 401, or any failure, means signed out, silently (patient-side.md §4, §8).
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: [CURRENT_USER_KEY],
    queryFn: async (context): Promise<CurrentUser | null> => {
      try {
        return await getJson<CurrentUser>(CURRENT_USER_KEY, context);
      } catch (error) {
        // Past the password, not the second factor: finish signing in first (issue 13).
        if (isMfaRequired(error)) sendToMfa();
        return null;
      }
    },
  });

export interface AuthState {
  user: CurrentUser | null;
  isLoading: boolean;
}

export function useAuth(): AuthState {
  const { data, isPending } = useQuery(currentUserQuery());
  return { user: data ?? null, isLoading: isPending };
}
