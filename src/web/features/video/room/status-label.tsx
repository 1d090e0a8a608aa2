import { cn } from '@/lib/utils';
import { type CallStatus, statusTone } from './call-status';

const TONE_CLASSES = {
  green: 'bg-green-700 text-white',
  yellow: 'bg-yellow-400 text-slate-950',
  red: 'bg-red-600 text-white',
} as const;

/**
 * The connection status label (§2: new, connecting, connected; green, yellow, red otherwise).
 * Its text is exactly the status word and `data-status` carries it for observers.
 */
export function StatusLabel({ status }: { status: CallStatus }) {
  return (
    <p className="flex shrink-0 items-center gap-2 text-sm" aria-live="polite">
      <span className="sr-only">Connection status:</span>
      <span
        data-status={status}
        className={cn(
          'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
          TONE_CLASSES[statusTone(status)],
        )}
      >
        {status}
      </span>
    </p>
  );
}
