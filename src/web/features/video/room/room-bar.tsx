import type { ReactNode } from 'react';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
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
    <p className="shrink-0 text-sm text-slate-200 tabular-nums">
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
  heading: string;
  headingId?: string;
  /** The eyebrow is left out below 640 px (staff's "Video consultation with"), for one line. */
  eyebrowFromSm?: boolean;
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
  eyebrowFromSm = false,
  status,
  statusText,
  since,
  actions,
}: RoomBarProps) {
  return (
    // One line at every width (360 px too): the heading truncates (its full text stays in the
    // accessibility tree and in the tooltip), the status, time and icon buttons keep their size.
    <header className="flex items-center justify-between gap-2 border-b border-slate-800 bg-slate-900 px-3 py-2 sm:gap-3">
      <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
        <div className="min-w-0">
          {eyebrow && (
            <p
              className={cn(
                'truncate text-xs font-semibold text-emerald-300',
                eyebrowFromSm && 'hidden sm:block',
              )}
            >
              {eyebrow}
            </p>
          )}
          <h1
            id={headingId}
            title={heading}
            className="truncate text-base font-semibold sm:text-lg"
          >
            {heading}
          </h1>
        </div>
        {status ? (
          <StatusLabel status={status} />
        ) : (
          statusText && <p className="shrink-0 text-sm text-slate-200">{statusText}</p>
        )}
        {since !== null && <Elapsed since={since} />}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-1">{actions}</div>}
    </header>
  );
}
