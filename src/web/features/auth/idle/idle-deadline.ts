import type { SessionStatus } from '../../../../shared/schemas/session-status';
import { IDLE_WARNING_MS, STAFF_IDLE_MS } from '../../../../shared/session-timing';

// The staff idle guard's countdown (issue 13, ADR 0013), on this browser's clock. The server
// decides when a session ends; the browser follows it from two sources:
// - the requests the user makes here (each restarts the 15 minutes), and
// - the server's countdown, read in the background every 30 seconds. Its last activity moving
//   with no request of ours answered meanwhile means activity elsewhere (another tab, a live
//   call): the server's countdown is adopted. Otherwise the server can only bring the end closer.
// Only "how long is left" crosses between the clocks, never a time of day: a browser's clock
// may be off (or, in the end-to-end tests, run fast).

/**
 * The browser ends the session a little before the server would, so the guard's own sign-out
 * (with its notice) comes before any background request is refused.
 */
export const SIGN_OUT_EARLY_MS = 5_000;

export interface IdleDeadline {
  /** When this browser signs out (its own clock). */
  endsAt: number;
  /** The server's last activity as of its latest answer; null before the first. */
  knownActivityAt: string | null;
  /** When the latest status request was sent, and when a request of the user's was last answered. */
  statusSentAt: number | null;
  requestAnsweredAt: number | null;
}

const fromNow = (now: number) => now + STAFF_IDLE_MS - SIGN_OUT_EARLY_MS;

export const startDeadline = (now: number): IdleDeadline => ({
  endsAt: fromNow(now),
  knownActivityAt: null,
  statusSentAt: null,
  requestAnsweredAt: null,
});

/** The user made a request, answered at `now` with the session alive: 15 minutes from now. */
export const afterUserRequest = (state: IdleDeadline, now: number): IdleDeadline => ({
  ...state,
  endsAt: fromNow(now),
  requestAnsweredAt: now,
});

/** The server's countdown, asked at `sentAt` and received at `now`. */
export function afterStatus(
  state: IdleDeadline,
  status: SessionStatus,
  sentAt: number,
  now: number,
): IdleDeadline {
  const serverEndsAt = now + status.remainingMs - SIGN_OUT_EARLY_MS;
  // A request of ours answered after the previous status request left may be what moved it.
  const ours =
    state.statusSentAt !== null &&
    state.requestAnsweredAt !== null &&
    state.requestAnsweredAt >= state.statusSentAt;
  const movedElsewhere =
    state.knownActivityAt === null || (status.lastActivityAt !== state.knownActivityAt && !ours);
  return {
    ...state,
    endsAt: movedElsewhere ? serverEndsAt : Math.min(state.endsAt, serverEndsAt),
    knownActivityAt: status.lastActivityAt,
    statusSentAt: sentAt,
  };
}

/** Whether the warning shows at `now`: the last two minutes. */
export const warningDue = (state: IdleDeadline, now: number) =>
  now >= state.endsAt - IDLE_WARNING_MS;

/** "m:ss" left, never below 0:00. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
