import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface ToolButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The accessible name (the button shows only its icon). */
  label: string;
  icon: LucideIcon;
  /** Toggle state, as aria-pressed. */
  pressed?: boolean;
  /** Red while on (the record button). */
  tone?: 'default' | 'danger';
  /** A small badge on the icon (an unread count), hidden from screen readers. */
  badge?: ReactNode;
}

/** A round icon button for the call's dark control bar. */
export function ToolButton({
  label,
  icon: Icon,
  pressed,
  tone = 'default',
  badge,
  className,
  ...props
}: ToolButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      className={cn(
        'relative inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-slate-700 text-white transition-colors hover:bg-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60',
        pressed && tone === 'default' && 'bg-white text-slate-900 hover:bg-slate-200',
        pressed && tone === 'danger' && 'bg-red-600 hover:bg-red-700',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="size-5" />
      {badge !== undefined && badge !== null && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-semibold text-white ring-2 ring-slate-900"
        >
          {badge}
        </span>
      )}
    </button>
  );
}
