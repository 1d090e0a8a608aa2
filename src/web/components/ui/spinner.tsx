import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle
        aria-hidden="true"
        className={cn('size-6 animate-spin text-primary', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * Shown while the session or a page's data loads (patient-side.md §2.2). It fills the screen,
 * so the footer below starts out of sight and does not move when the page arrives (issue 23).
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center p-8">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
