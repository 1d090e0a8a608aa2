import { Wifi, WifiOff } from 'lucide-react';
import type { ConnectionState } from '@/lib/socket';
import { cn } from '@/lib/utils';

const TEXT: Record<ConnectionState, { title: string; detail: string }> = {
  connected: { title: 'Connected', detail: 'Real-time updates active' },
  connecting: { title: 'Connecting', detail: 'Opening real-time updates...' },
  lost: { title: 'Connection Lost', detail: 'Trying to reconnect...' },
};

/** The queue page's live-connection indicator (patient-side.md §4). */
export function ConnectionIndicator({ state }: { state: ConnectionState }) {
  const text = TEXT[state];
  const Icon = state === 'lost' ? WifiOff : Wifi;
  return (
    <div
      role="status"
      className={cn(
        'flex items-center gap-3 rounded-md border px-3 py-2 text-sm',
        state === 'connected' && 'border-green-300 bg-green-50 text-green-900',
        state === 'connecting' && 'border-border bg-muted text-foreground',
        state === 'lost' && 'border-red-300 bg-red-50 text-red-900',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="font-semibold">{text.title}</span>
      <span>{text.detail}</span>
    </div>
  );
}
