import { limitAddress } from '../../rate-limit/address.js';
import type { Counters } from '../../rate-limit/counters.js';
import type { RateLimits } from '../../rate-limit/limits.js';
import { waitFor } from '../../rate-limit/too-many.js';

// Sign-in throttling (issue 10, defect 11): wrong passwords count per account *and address*,
// so a flood from elsewhere cannot lock the owner out, plus a ceiling per address across
// accounts. Counts are shared between nodes through the app's counters (Redis when set).

export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly limits: Pick<RateLimits, 'loginPerAccountAddress' | 'loginPerAddress'>,
  ) {}

  /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const [pair, address] = await Promise.all([
      this.counters.peek(pairKey(email, ip)),
      this.counters.peek(addressKey(ip)),
    ]);
    return Math.max(
      waitFor(pair, this.limits.loginPerAccountAddress),
      waitFor(address, this.limits.loginPerAddress),
    );
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.counters.hit(pairKey(email, ip), this.limits.loginPerAccountAddress.windowMs),
      this.counters.hit(addressKey(ip), this.limits.loginPerAddress.windowMs),
    ]);
  }

  /** A successful sign-in clears that account's count from that address, not the address's. */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.counters.reset(pairKey(email, ip));
  }
}

const pairKey = (email: string, ip: string) =>
  `login:pair:${email.toLowerCase()}|${limitAddress(ip)}`;
const addressKey = (ip: string) => `login:ip:${limitAddress(ip)}`;
