import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Card } from './card';

interface StatCardProps {
  label: string;
  /** The figure; null while unknown (loading or no data) shows a dash. */
  value: ReactNode | null;
  icon?: LucideIcon;
  /** A short line under the figure (its unit, window or source). */
  hint?: ReactNode;
  /** Read to screen readers instead of the dash when the value is null. */
  emptyLabel?: string;
  className?: string;
}

/** One figure on a dashboard. A missing figure is a dash, never an invented number. */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  emptyLabel = 'No data yet',
  className,
}: StatCardProps) {
  return (
    <Card className={cn('h-full p-4', className)}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
        {label}
      </p>
      <p className="mt-2 text-2xl font-bold break-words">
        {value === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{emptyLabel}</span>
          </>
        ) : (
          value
        )}
      </p>
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
