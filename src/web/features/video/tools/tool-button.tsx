import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { RoundButton } from '../room/round-button';

interface ToolButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The visible label and accessible name. */
  label: string;
  icon: LucideIcon;
  /** Toggle state, as aria-pressed. */
  pressed?: boolean;
  /** Red while on (the record button). */
  tone?: 'default' | 'danger';
  /** A small badge on the icon (an unread count), hidden from screen readers. */
  badge?: ReactNode;
}

/** A toggle of the call's control bar (chat, whiteboard, record): a labelled control. */
export function ToolButton({ pressed, tone = 'default', ...props }: ToolButtonProps) {
  return <RoundButton aria-pressed={pressed ?? false} off={pressed} tone={tone} {...props} />;
}
