// Sign-in throttling per account and per IP (DESIGN.md security baseline): failed attempts in
// a sliding window; past the limit the answer is 429 until the oldest failure ages out.

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perAccount: 5, perIp: 30, windowMs: 15 * 60_000 };

const MAX_KEYS = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfter(email: string, ip: string): number {
    return Math.max(
      this.wait(`a:${email}`, this.limits.perAccount),
      this.wait(`i:${ip}`, this.limits.perIp),
    );
  }

  recordFailure(email: string, ip: string): void {
    if (this.failures.size > MAX_KEYS) this.sweep();
    for (const key of [`a:${email}`, `i:${ip}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
  }

  /** A successful sign-in clears the account's count, not the IP's. */
  recordSuccess(email: string): void {
    this.failures.delete(`a:${email}`);
  }

  /** Keeps memory bounded when many addresses are tried. */
  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }

  private wait(key: string, limit: number): number {
    const list = this.recent(key);
    if (list.length < limit) return 0;
    const oldest = list[list.length - limit]!;
    return Math.max(0, oldest + this.limits.windowMs - this.now());
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}
