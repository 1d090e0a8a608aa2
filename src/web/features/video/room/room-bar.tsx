import type { ReactNode } from 'react';
import { useNow } from '@/lib/use-now';
import type { CallStatus } from './call-status';
import { StatusLabel } from './status-label';

// The room's slim top bar (issue 12): who the call is with (staff: the patient's name; the
// patient: the clinic's name), the connection status and the time since the call began.

/** "4:07" or "1:02:09". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function Elapsed({ since }: { since: number }) {
  const now = useNow(1000);
  return (
    <p className="text-sm text-slate-200 tabular-nums">
      <span className="sr-only">Time in call: </span>
      <time dateTime={`PT${Math.max(0, Math.floor((now - since) / 1000))}S`}>
        {formatElapsed(now - since)}
      </time>
    </p>
  );
}

interface RoomBarProps {
  /** A line above the heading (the clinic's name on the patient's side). */
  eyebrow?: ReactNode;
  heading: ReactNode;
  headingId?: string;
  /** The connection's status while in the call; a plain word once out of it. */
  status: CallStatus | null;
  statusText?: string;
  /** Milliseconds since the epoch when the call (or the consultation) began. */
  since: number | null;
  /** Buttons at the right end (shortcuts, the chart on a phone). */
  actions?: ReactNode;
}

export function RoomBar({
  eyebrow,
  heading,
  headingId,
  status,
  statusText,
  since,
  actions,
}: RoomBarProps) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-800 bg-slate-900 px-3 py-2">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <div className="min-w-0">
          {eyebrow && <p className="text-xs font-semibold text-emerald-300">{eyebrow}</p>}
          <h1 id={headingId} className="min-w-0 text-base font-semibold break-words sm:text-lg">
            {heading}
          </h1>
        </div>
        {status ? (
          <StatusLabel status={status} />
        ) : (
          statusText && <p className="text-sm text-slate-200">{statusText}</p>
        )}
        {since !== null && <Elapsed since={since} />}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-1">{actions}</div>}
    </header>
  );
}
