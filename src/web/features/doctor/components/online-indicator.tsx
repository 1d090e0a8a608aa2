import type { ConnectionState } from '@/lib/socket';
import { cn } from '@/lib/utils';

const LOOK: Record<ConnectionState, { label: string; dot: string; hint: string }> = {
  connected: {
    label: 'Online',
    dot: 'bg-green-600',
    hint: 'On duty: patients can be admitted to you',
  },
  connecting: { label: 'Connecting…', dot: 'bg-amber-500', hint: 'Opening the live connection' },
  lost: { label: 'Offline', dot: 'bg-red-600', hint: 'Live connection lost; retrying' },
};

/** The live connection's state; being connected keeps the doctor on duty (ruling 16). */
export function OnlineIndicator({ state }: { state: ConnectionState }) {
  const look = LOOK[state];
  return (
    <span
      role="status"
      className="inline-flex items-center gap-2 text-sm font-medium"
      title={look.hint}
    >
      <span aria-hidden="true" className={cn('size-2.5 rounded-full', look.dot)} />
      {look.label}
      <span className="sr-only">: {look.hint}</span>
    </span>
  );
}
