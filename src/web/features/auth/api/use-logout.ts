import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';

/**
 * Logout clears the query cache and session storage even when the server call fails, then
 * goes to / (patient-side.md §4). With the cache empty, the session query runs again on the
 * next render and answers "signed out", so no stale user survives in memory.
 */
export function useLogout() {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      await apiRequest('POST', '/api/logout');
    } catch (error) {
      console.warn('Logout request failed; clearing the local session anyway', error);
    }
    await queryClient.cancelQueries();
    queryClient.clear();
    sessionStorage.clear();
    setPending(false);
    toast({ title: t('auth.signOut.doneTitle'), description: t('auth.signOut.doneDescription') });
    navigate('/', { replace: true });
  }, [navigate, queryClient, t]);

  return { logout, pending };
}
