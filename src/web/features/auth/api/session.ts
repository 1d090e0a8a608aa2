import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { isMfaRequired, sendToMfa } from '@/lib/mfa-redirect';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { SESSION_PROBE_PATH, type SessionProbe } from '../../../../shared/session-probe';

export const CURRENT_USER_KEY = SESSION_QUERY_KEY;

/**
 * The session is restored only from the server (ruling 12: no PHI in browser storage): the
 * probe answers `{user: null}` signed out, so a visitor's console logs no 401 (issue 21). Any
 * failure also means signed out, silently (patient-side.md §4, §8). The cache keeps the key
 * SESSION_QUERY_KEY, which the 401 handling elsewhere sets to null.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: [CURRENT_USER_KEY],
    queryFn: async (context): Promise<CurrentUser | null> => {
      try {
        return (await getJson<SessionProbe>(SESSION_PROBE_PATH, context)).user;
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
