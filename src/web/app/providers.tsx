import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '@/lib/query-client';

// Radix's toast parts (about 65 KB of source) load beside the first page, not in the script
// every page waits for (issue 23). A toast raised before they arrive waits in use-toast's store,
// and the Toaster reads the store again once subscribed, so none is missed.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
