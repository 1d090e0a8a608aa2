import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, BACKGROUND_HEADERS, isApiError, onUserRequest } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import { useNow } from '@/lib/use-now';
import {
  KEEP_ALIVE_PATH,
  SESSION_STATUS_PATH,
  type SessionStatus,
} from '../../../../shared/schemas/session-status';
import {
  afterStatus,
  afterUserRequest,
  type IdleDeadline,
  startDeadline,
  warningDue,
} from './idle-deadline';
import { IDLE_SIGN_OUT_STATE } from './idle-notice';

// The staff idle guard's clockwork (issue 13, ADR 0013): the countdown (idle-deadline.ts), the
// server's countdown read in the background, "Stay signed in", and the sign-out at the end.

/** Often enough that another tab's activity closes this tab's warning well within its 2 minutes. */
const STATUS_POLL_MS = 30_000;
/** Reading or typing on the page sends a keep-alive, at most this often (ADR 0013). */
const INPUT_KEEP_ALIVE_MS = 60_000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export interface IdleGuard {
  /** Milliseconds until the sign-out (this browser's clock). */
  remainingMs: number;
  warning: boolean;
  staySignedIn(): void;
}

export function useIdleDeadline(): IdleGuard {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deadline, setDeadline] = useState(() => startDeadline(Date.now()));
  const current = useRef(deadline);
  const update = useCallback((next: (state: IdleDeadline) => IdleDeadline) => {
    current.current = next(current.current);
    setDeadline(current.current);
  }, []);
  const ended = useRef(false);

  const signOutForInactivity = useCallback(async () => {
    if (ended.current) return;
    ended.current = true;
    await apiRequest('POST', '/api/logout', undefined, BACKGROUND_HEADERS).catch(() => undefined);
    navigate('/login', { replace: true, state: IDLE_SIGN_OUT_STATE });
    await queryClient.cancelQueries();
    queryClient.clear();
    sessionStorage.clear();
  }, [navigate, queryClient]);

  /** Reads the server's countdown; false when the session is over there. */
  const readStatus = useCallback(async (): Promise<boolean> => {
    const sentAt = Date.now();
    try {
      const status = await apiRequest<SessionStatus>(
        'GET',
        SESSION_STATUS_PATH,
        undefined,
        BACKGROUND_HEADERS,
      );
      update((state) => afterStatus(state, status, sentAt, Date.now()));
      return true;
    } catch (error) {
      return !isApiError(error, 401);
    }
  }, [update]);

  const keepAlive = useCallback(async () => {
    const sentAt = Date.now();
    // A request the user made: onUserRequest restarts the countdown when it is answered.
    const status = await apiRequest<SessionStatus>('POST', KEEP_ALIVE_PATH).catch(() => null);
    if (status) update((state) => afterStatus(state, status, sentAt, Date.now()));
  }, [update]);

  useEffect(() => onUserRequest(() => update((s) => afterUserRequest(s, Date.now()))), [update]);

  useEffect(() => {
    const poll = async () => {
      if (await readStatus()) return;
      // Over on the server: at the end of the countdown that was inactivity; before it, the
      // session ended some other way and the app's usual "logged out" path takes over.
      if (warningDue(current.current, Date.now())) void signOutForInactivity();
      else queryClient.setQueryData([SESSION_QUERY_KEY], null);
    };
    void poll();
    const timer = setInterval(() => void poll(), STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [readStatus, signOutForInactivity, queryClient]);

  const now = useNow(1000);
  const warning = warningDue(deadline, now);

  // Input on the page: the user is there (reading a chart makes no requests).
  const lastInputKeepAlive = useRef(0);
  useEffect(() => {
    const onInput = () => {
      const at = Date.now();
      // While the warning shows, only its own buttons answer it.
      if (warningDue(current.current, at) || at - lastInputKeepAlive.current < INPUT_KEEP_ALIVE_MS)
        return;
      const { requestAnsweredAt } = current.current;
      lastInputKeepAlive.current = at;
      if (requestAnsweredAt !== null && at - requestAnsweredAt < INPUT_KEEP_ALIVE_MS) return;
      void keepAlive();
    };
    for (const event of INPUT_EVENTS)
      window.addEventListener(event, onInput, { capture: true, passive: true });
    return () => {
      for (const event of INPUT_EVENTS) window.removeEventListener(event, onInput, true);
    };
  }, [keepAlive]);

  // At the end, one last look at the server (activity elsewhere may have moved it), then out.
  const checking = useRef(false);
  useEffect(() => {
    if (now < deadline.endsAt || checking.current || ended.current) return;
    checking.current = true;
    void (async () => {
      const alive = await readStatus();
      checking.current = false;
      if (!alive || Date.now() >= current.current.endsAt) await signOutForInactivity();
    })();
  }, [now, deadline.endsAt, readStatus, signOutForInactivity]);

  return {
    remainingMs: Math.max(0, deadline.endsAt - now),
    warning,
    staySignedIn: () => void keepAlive(),
  };
}
