import { msg } from '../../../shared/i18n/message-key.js';
import { limitAddress } from '../../rate-limit/address.js';
import type { Counters } from '../../rate-limit/counters.js';
import type { RateLimits } from '../../rate-limit/limits.js';
import { TooManyRequests, waitAfterHit } from '../../rate-limit/too-many.js';

// Sign-in throttling (issue 10, defect 11): wrong passwords count per account *and address*,
// so a flood from elsewhere cannot lock the owner out, plus a ceiling per address across
// accounts. Counts are shared between nodes through the app's counters (Redis when set).

export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly limits: Pick<RateLimits, 'loginPerAccountAddress' | 'loginPerAddress'>,
  ) {}

  /**
   * Counts a sign-in attempt *before* its password is checked and answers the wait when it
   * is over a limit (0 when allowed). Checking first and counting after the hash would let a
   * burst of parallel guesses all pass a check made before any of them was counted.
   */
  async attempt(email: string, ip: string): Promise<number> {
    const [pair, address] = await Promise.all([
      this.counters.hit(pairKey(email, ip), this.limits.loginPerAccountAddress.windowMs),
      this.counters.hit(addressKey(ip), this.limits.loginPerAddress.windowMs),
    ]);
    const pairWait = waitAfterHit(pair, this.limits.loginPerAccountAddress);
    // A marker per account, so user management can show "locked" without scanning every
    // address's count; it lasts as long as the pair's window.
    if (pairWait > 0) await this.counters.hit(lockedKey(email), pairWait);
    return Math.max(pairWait, waitAfterHit(address, this.limits.loginPerAddress));
  }

  /** Whether wrong passwords hold the account from at least one address now. */
  async isLocked(email: string): Promise<boolean> {
    return (await this.counters.peek(lockedKey(email))).count > 0;
  }

  /**
   * Lets the account sign in again (staff unlock, issue 13): every address's count for this
   * account goes. The per-address ceiling stays: it is about the address, not the account.
   */
  async unlock(email: string): Promise<void> {
    await Promise.all([
      this.counters.resetPrefix(pairPrefix(email)),
      this.counters.reset(lockedKey(email)),
    ]);
  }

  /**
   * The attempt was the right password: that account's count from that address starts
   * afresh, and the address's ceiling, which counts failures, gives this attempt back.
   */
  async succeeded(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.counters.reset(pairKey(email, ip)),
      this.counters.release(addressKey(ip)),
    ]);
  }
}

const pairPrefix = (email: string) => `login:pair:${email.toLowerCase()}|`;
const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${limitAddress(ip)}`;
const lockedKey = (email: string) => `login:locked:${email.toLowerCase()}`;
const addressKey = (ip: string) => `login:ip:${limitAddress(ip)}`;

const MINUTE_MS = 60_000;

/**
 * A 429 for a patient-facing limit, its message by key in the request's language (issue 24):
 * the same English as tooManyMessage (rate-limit/limits.ts) gives.
 */
export function tooManyAuth(
  key: 'auth.error.tooManySignIns' | 'auth.error.tooManyResets' | 'auth.error.tooManyConfirmations',
  what: string,
  waitMs: number,
): TooManyRequests {
  const error = new TooManyRequests(what, waitMs);
  error.message = msg(key, { minutes: Math.max(1, Math.ceil(waitMs / MINUTE_MS)) });
  return error;
}
