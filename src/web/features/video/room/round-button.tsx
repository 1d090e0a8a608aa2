import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

// The call's controls (issue 12): an icon above its label, a target of at least 48 px on
// every screen (patients on phones), the label as the accessible name and, where there is
// one, the keyboard shortcut in the tooltip and in aria-keyshortcuts.

export const CONTROL_CLASSES =
  'relative inline-flex min-h-14 min-w-14 shrink-0 flex-col items-center justify-center gap-1 rounded-xl bg-slate-700 px-2 py-1.5 text-xs font-medium text-white transition-colors hover:bg-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60';

interface RoundButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The visible label, also the accessible name. */
  label: string;
  icon: LucideIcon;
  /** Off-state look (a muted microphone, a camera turned off) or a tool that is on; red when
   * the tone is danger (recording). */
  off?: boolean;
  tone?: 'default' | 'danger';
  /** The key that does the same (shown in the tooltip), e.g. 'M'. */
  shortcut?: string;
  /** A small badge on the icon (an unread count), hidden from screen readers. */
  badge?: ReactNode;
}

/** A labelled control of the call's dark control bar. */
export function RoundButton({
  label,
  icon: Icon,
  off,
  tone = 'default',
  shortcut,
  badge,
  className,
  title,
  ...props
}: RoundButtonProps) {
  return (
    <button
      type="button"
      title={title ?? (shortcut ? `${label} (${shortcut})` : label)}
      aria-keyshortcuts={shortcut}
      className={cn(
        CONTROL_CLASSES,
        off && tone === 'default' && 'bg-white text-slate-900 hover:bg-slate-200',
        off && tone === 'danger' && 'bg-red-600 text-white hover:bg-red-700',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="size-5" />
      <span className="leading-tight whitespace-nowrap">{label}</span>
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
