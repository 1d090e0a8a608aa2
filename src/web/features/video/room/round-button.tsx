import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

interface RoundButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The accessible name (the button shows only its icon). */
  label: string;
  icon: LucideIcon;
  /** Off-state look (a muted microphone, a camera turned off). */
  off?: boolean;
  tone?: 'default' | 'danger';
}

/** A round icon button of the call's dark control bar. */
export function RoundButton({
  label,
  icon: Icon,
  off,
  tone = 'default',
  className,
  title,
  ...props
}: RoundButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title ?? label}
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-slate-700 text-white transition-colors hover:bg-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60',
        off && 'bg-white text-slate-900 hover:bg-slate-200',
        tone === 'danger' && 'bg-red-600 hover:bg-red-700',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
