import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/features/auth/api/session';
import { apiRequest } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import { isLanguage, type Language } from '../../../shared/i18n/languages';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { activateLanguage, rememberLanguage } from './i18n';

/**
 * The language switch's state (issue 24): the active language and a way to choose another. The
 * choice shows at once and is kept in the `lang` cookie; a signed-in user's account stores it
 * too (PUT /api/user/language), so emails and other devices follow. Rejects if that fails.
 */
export function useLanguage(): { language: Language; choose: (next: Language) => Promise<void> } {
  const { i18n } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const choose = async (next: Language) => {
    // The cached account first: useLanguageFollowsAccount must not switch back meanwhile.
    if (user)
      queryClient.setQueryData<CurrentUser | null>([SESSION_QUERY_KEY], (old) =>
        old ? { ...old, language: next } : old,
      );
    rememberLanguage(next);
    await activateLanguage(next);
    if (user) await apiRequest('PUT', '/api/user/language', { language: next });
  };
  return { language, choose };
}

/** A signed-in user sees their account's language, whatever this browser chose before. */
export function useLanguageFollowsAccount(): void {
  const { user } = useAuth();
  const { i18n } = useLingui();
  const stored = user?.language;
  useEffect(() => {
    if (!stored || stored === i18n.locale) return;
    rememberLanguage(stored);
    void activateLanguage(stored);
  }, [stored, i18n.locale]);
}
