// Fixed-window hit counters behind one interface: in memory (one node, tests with an injected
// clock) or in Redis (redis-counters.ts) so several nodes share one count.

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends (0 when no window is open). */
  ttlMs: number;
}

export interface Counters {
  /** Counts a hit; the first hit opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current count without counting. */
  peek(key: string): Promise<Hit>;
  reset(key: string): Promise<void>;
  /** Removes every key that starts with `prefix` (unlocking one account's sign-in counts). */
  resetPrefix(prefix: string): Promise<void>;
  /** Gives one hit back (never below zero), for an attempt that turned out not to count. */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

const MAX_KEYS = 50_000;

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      if (this.windows.size >= MAX_KEYS) this.sweep(now);
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, ttlMs: w.endsAt - now };
  }

  async peek(key: string): Promise<Hit> {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.endsAt <= now) return { count: 0, ttlMs: 0 };
    return { count: w.count, ttlMs: w.endsAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async resetPrefix(prefix: string): Promise<void> {
    for (const key of [...this.windows.keys()])
      if (key.startsWith(prefix)) this.windows.delete(key);
  }

  async release(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
  }

  async close(): Promise<void> {}

  /** Keeps memory bounded when many addresses are tried: closed windows go first. */
  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
    if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
  }
}
