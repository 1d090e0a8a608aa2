import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { i18n } from '@/lib/i18n/i18n';
import { useLanguageFollowsAccount } from '@/lib/i18n/use-language';
import { queryClient } from '@/lib/query-client';

// Radix's toast parts (about 65 KB of source) load beside the first page, not in the script
// every page waits for (issue 23). A toast raised before they arrive waits in use-toast's store,
// and the Toaster reads the store again once subscribed, so none is missed.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function LanguageFollowsAccount() {
  useLanguageFollowsAccount();
  return null;
}

/** The query cache and the active language (activated before the first render: first-page-data.ts). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <LanguageFollowsAccount />
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </I18nProvider>
    </QueryClientProvider>
  );
}
