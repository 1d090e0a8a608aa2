import { Wifi, WifiOff } from 'lucide-react';
import { useT } from '@/lib/i18n/use-t';
import type { ConnectionState } from '@/lib/socket';
import { cn } from '@/lib/utils';
import type { MessageKey } from '../../../../shared/i18n/message-key';

const TEXT: Record<ConnectionState, { title: MessageKey; detail: MessageKey }> = {
  connected: { title: 'queue.connection.connected', detail: 'queue.connection.connectedDetail' },
  connecting: {
    title: 'queue.connection.connecting',
    detail: 'queue.connection.connectingDetail',
  },
  lost: { title: 'queue.connection.lost', detail: 'queue.connection.lostDetail' },
};

/** The queue page's live-connection indicator (patient-side.md §4). */
export function ConnectionIndicator({ state }: { state: ConnectionState }) {
  const t = useT();
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
      <span className="font-semibold">{t(text.title)}</span>
      <span>{t(text.detail)}</span>
    </div>
  );
}
