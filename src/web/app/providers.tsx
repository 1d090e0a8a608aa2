import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';

// The Toaster loads with the app, not lazily: a toast raised before a lazy Toaster arrived was
// sometimes never shown ("Unauthorized" before the redirect to sign-in), for ~10 KB saved.
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
