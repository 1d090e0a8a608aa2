import type { Counters } from '../../../rate-limit/counters.js';
import type { Limit } from '../../../rate-limit/limits.js';
import { waitAfterHit } from '../../../rate-limit/too-many.js';

// Second-factor codes counted per account across sign-ins (issue 13), in the app's counters
// (Redis when set, so every node counts together). Like the sign-in throttle, an attempt is
// counted before its code is checked, so a burst of parallel guesses cannot all slip through;
// a right code clears the count.

const keyFor = (userId: string) => `mfa:user:${userId}`;

/** Counts an attempt; the wait before another is allowed (0 when this one may go ahead). */
export async function countCodeAttempt(
  counters: Counters,
  limit: Limit,
  userId: string,
): Promise<number> {
  return waitAfterHit(await counters.hit(keyFor(userId), limit.windowMs), limit);
}

export async function clearCodeAttempts(counters: Counters, userId: string): Promise<void> {
  await counters.reset(keyFor(userId));
}
