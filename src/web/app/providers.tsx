import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '@/lib/query-client';

// Radix's toast parts load beside the first page, not before it: a toast raised before they
// arrive waits in use-toast's store and shows when they do (issue 23).
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
