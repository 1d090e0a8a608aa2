import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isBackgroundFetch } from '@/lib/api-client';
import type { SessionStatus } from '../../../../shared/schemas/session-status';
import { IDLE_WARNING_MS, STAFF_IDLE_MS } from '../../../../shared/session-timing';
import {
  afterStatus,
  afterUserRequest,
  formatCountdown,
  SIGN_OUT_EARLY_MS,
  startDeadline,
  warningDue,
} from './idle-deadline';

// The staff idle guard's countdown (ADR 0013): the browser's clock, informed by the server's.

const MIN = 60_000;
const status = (lastActivityAt: string, remainingMs: number): SessionStatus => ({
  lastActivityAt,
  idleExpiresAt: lastActivityAt,
  warnAt: lastActivityAt,
  remainingMs,
});

describe('the idle countdown', () => {
  it('warns at 13 minutes and ends at 15 (a few seconds early, before the server refuses)', () => {
    const state = startDeadline(0);
    expect(state.endsAt).toBe(STAFF_IDLE_MS - SIGN_OUT_EARLY_MS);
    expect(warningDue(state, 13 * MIN - SIGN_OUT_EARLY_MS - 1)).toBe(false);
    expect(warningDue(state, 13 * MIN - SIGN_OUT_EARLY_MS)).toBe(true);
    expect(state.endsAt - (13 * MIN - SIGN_OUT_EARLY_MS)).toBe(IDLE_WARNING_MS);
  });

  it('restarts from a request the user made', () => {
    const state = afterUserRequest(startDeadline(0), 10 * MIN);
    expect(state.endsAt).toBe(25 * MIN - SIGN_OUT_EARLY_MS);
  });

  it("adopts the server's countdown when its activity moved with no request of ours (another tab, a call)", () => {
    let state = afterStatus(startDeadline(0), status('A', 15 * MIN), 0, 0);
    state = afterStatus(state, status('B', 14 * MIN), 12 * MIN, 12 * MIN);
    expect(state.endsAt).toBe(26 * MIN - SIGN_OUT_EARLY_MS);
  });

  it("keeps its own countdown when the server's activity did not move, or moved with our request", () => {
    // The server's clock may disagree (or the browser's run fast): "unchanged" is not a restart.
    let state = afterStatus(startDeadline(0), status('A', 15 * MIN), 0, 0);
    state = afterStatus(state, status('A', 15 * MIN), 13 * MIN, 13 * MIN);
    expect(state.endsAt).toBe(15 * MIN - SIGN_OUT_EARLY_MS);
    state = afterUserRequest(state, 13 * MIN + 1_000); // "Stay signed in"
    state = afterStatus(state, status('B', 30 * MIN), 13 * MIN + 30_000, 13 * MIN + 30_000);
    expect(state.endsAt).toBe(28 * MIN + 1_000 - SIGN_OUT_EARLY_MS);
  });

  it('lets the server bring the end closer, never push it out on its own', () => {
    let state = afterStatus(startDeadline(0), status('A', 15 * MIN), 0, 0);
    state = afterStatus(state, status('A', 10 * MIN), MIN, MIN);
    expect(state.endsAt).toBe(11 * MIN - SIGN_OUT_EARLY_MS);
  });

  it('shows minutes and seconds, never below zero', () => {
    expect(formatCountdown(2 * MIN)).toBe('2:00');
    expect(formatCountdown(61_500)).toBe('1:02');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('background fetches', () => {
  it("are a query's refetches, not its first load", () => {
    const client = new QueryClient();
    const queryKey = ['/api/admin/console-counts'];
    expect(isBackgroundFetch({ client, queryKey })).toBe(false);
    client.setQueryData(queryKey, { waiting: 1 });
    expect(isBackgroundFetch({ client, queryKey })).toBe(true);
    expect(isBackgroundFetch(undefined)).toBe(false);
  });

  it('include the polls of a query that keeps failing', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = ['/api/doctor/queue'];
    expect(isBackgroundFetch({ client, queryKey })).toBe(false);
    await client
      .fetchQuery({ queryKey, queryFn: () => Promise.reject(new Error('503')) })
      .catch(() => undefined);
    expect(isBackgroundFetch({ client, queryKey })).toBe(true);
  });
});
