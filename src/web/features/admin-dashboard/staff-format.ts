import type { QueueStatus } from '../../../shared/queue';

// Small display helpers shared by the staff screens.

const MINUTE = 60_000;

/** "8 min", "1 h 5 min"; a fraction keeps one decimal under ten minutes ("2.5 min"). */
export function formatMinutes(minutes: number): string {
  if (minutes < 10 && !Number.isInteger(minutes)) return `${minutes.toFixed(1)} min`;
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Whole minutes from milliseconds, never negative. */
export const minutesFromMs = (ms: number) => Math.max(0, Math.floor(ms / MINUTE));

/** A duration in seconds as "12 min" or "45 s". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  return formatMinutes(Math.round(seconds / 60));
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "3:04 PM" in the browser's time zone. */
export const formatTime = (iso: string | null | undefined) =>
  iso ? timeFormat.format(new Date(iso)) : '—';

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A dollar string from the server ("1234.50") as "$1,234.50". */
export const formatDollars = (amount: string) => currency.format(Number(amount));

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day (YYYY-MM-DD, the clinic's) as "Jan 5"; no time zone shift. */
export const formatDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  waiting: 'Waiting',
  admitted: 'Admitted',
  in_consultation: 'In Consultation',
  completed: 'Completed',
  rejected: 'Rejected',
  left: 'Left',
  payment_reversed: 'Payment reversed',
};
