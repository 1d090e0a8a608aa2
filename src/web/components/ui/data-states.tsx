import { CircleAlert, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';

/** A list or panel that is loading. */
export function LoadingState({
  label = 'Loading',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-center py-8', className)}>
      <Spinner label={label} />
    </div>
  );
}

interface ErrorStateProps {
  error: unknown;
  /** Shown when the server gave no message of its own. */
  fallback: string;
  onRetry?: () => void;
  className?: string;
}

/** A failed read: the server's message and a way to try again. */
export function ErrorState({ error, fallback, onRetry, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cn('grid justify-items-start gap-3 py-4', className)}>
      <p className="flex items-start gap-2 text-sm text-destructive">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {errorMessage(error, fallback)}
      </p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

interface EmptyStateProps {
  title: ReactNode;
  children?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** Nothing to show, said plainly. */
export function EmptyState({ title, children, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'grid justify-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center',
        className,
      )}
    >
      {icon ?? <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />}
      <p className="font-medium">{title}</p>
      {children && <div className="max-w-prose text-sm text-muted-foreground">{children}</div>}
    </div>
  );
}
