import { cn } from '@/lib/utils';
import { type CallStatus, STATUS_WORDS, statusTone } from './call-status';

const TONE_CLASSES = {
  neutral: 'bg-slate-700 text-slate-50',
  green: 'bg-green-700 text-white',
  amber: 'bg-yellow-400 text-slate-950',
  red: 'bg-red-600 text-white',
} as const;

/**
 * The connection status label in words (issue 21); `data-status` carries the raw state
 * (new, connecting, connected, disconnected, failed) for observers and tests.
 */
export function StatusLabel({ status }: { status: CallStatus }) {
  return (
    <p className="flex shrink-0 items-center gap-2 text-sm" aria-live="polite">
      <span className="sr-only">Connection status:</span>
      <span
        data-status={status}
        data-tone={statusTone(status)}
        className={cn(
          'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
          TONE_CLASSES[statusTone(status)],
        )}
      >
        {STATUS_WORDS[status]}
      </span>
    </p>
  );
}
