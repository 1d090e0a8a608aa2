import { describe, expect, it } from 'vitest';
import { afterHoursBeforePayment, afterPayment, whenSeen } from './when-seen.js';

// Issue 21: at 9:35 PM the toast said "A doctor will see you shortly" while the queue said the
// clinic opens tomorrow at 9 AM. These are the words before and after a payment.

const CHI = 'America/Chicago';
const MONDAY_9AM = '2026-01-19T15:00:00.000Z';
const waiting = {
  status: 'waiting' as const,
  position: 3,
  estimatedWaitTime: 30,
  physicianOnDuty: false,
  clinicOpensAt: null as string | null,
};

describe('before paying outside clinic hours', () => {
  it('says when the clinic opens and that the place in line is held', () => {
    expect(afterHoursBeforePayment(MONDAY_9AM, CHI)).toBe(
      'The clinic is closed now. It opens Monday, Jan 19, 9:00 AM CST. You can pay now and join the line: we hold your place, and a physician sees you after the clinic opens.',
    );
  });
});

describe('after paying', () => {
  it('after hours: the place kept and the opening, never "shortly"', () => {
    const text = afterPayment({ ...waiting, clinicOpensAt: MONDAY_9AM }, MONDAY_9AM, CHI);
    expect(text).toBe(
      'Your card is held, not charged. You are number 3 in line and keep your place. The clinic is closed now: it opens Monday, Jan 19, 9:00 AM CST, and a physician will see you after it opens.',
    );
    expect(text).not.toMatch(/shortly/);
  });

  it('open with a physician on duty: the estimate, or a few minutes when next', () => {
    expect(whenSeen({ ...waiting, physicianOnDuty: true }, CHI)).toBe(
      'You are number 3 in line; a physician is seeing patients now, and your estimated wait is about 30 minutes.',
    );
    expect(
      whenSeen({ ...waiting, position: 1, estimatedWaitTime: 0, physicianOnDuty: true }, CHI),
    ).toBe(
      'You are number 1 in line; a physician is seeing patients now and will be with you in a few minutes.',
    );
  });

  it('a physician working late is seeing patients: no "closed"', () => {
    expect(
      whenSeen({ ...waiting, physicianOnDuty: true, clinicOpensAt: MONDAY_9AM }, CHI),
    ).not.toMatch(/closed/);
  });

  it('open without a physician: no estimate promised', () => {
    expect(whenSeen(waiting, CHI)).toBe(
      'You are number 3 in line and keep your place. No physician is on duty right now, so we cannot estimate your wait; your queue page tells you as soon as one is.',
    );
  });

  it('not in line yet: what is left, and the opening after hours', () => {
    expect(afterPayment(null, null, CHI)).toBe(
      'Your card is held, not charged. Finish your application to join the line.',
    );
    expect(afterPayment(null, MONDAY_9AM, CHI)).toBe(
      'Your card is held, not charged. Finish your application to join the line. The clinic is closed now and opens Monday, Jan 19, 9:00 AM CST.',
    );
  });
});
