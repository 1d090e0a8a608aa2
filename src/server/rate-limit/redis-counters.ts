import { createClient } from 'redis';
import { closeRedis } from '../lifecycle/close-redis.js';
import { type Counters, type Hit, MemoryCounters } from './counters.js';

// Counters in Redis (REDIS_URL), so every node behind the load balancer counts together.
// One script increments and opens the window atomically: no hit is lost between nodes and a
// key never lives without its expiry. While Redis is unreachable each node counts on its own
// (commands fail at once rather than queue), so an outage neither stalls sign-in nor lifts
// the limits.

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

type Client = ReturnType<typeof createClient>;

/** A literal for a SCAN MATCH pattern: an address may hold `*`, `?` or brackets. */
const globEscape = (literal: string) => literal.replace(/[*?[\]\\]/g, '\\$&');

export class RedisCounters implements Counters {
  private readonly local = new MemoryCounters();

  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = 'okmmj:limit:'): Promise<RedisCounters> {
    const client = createClient({ url, disableOfflineQueue: true });
    client.on('error', () => {}); // reconnects by itself; a failed command rejects
    await client.connect();
    return new RedisCounters(client, prefix);
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    return this.orLocally(
      async () => {
        const [count, ttl] = (await this.client.eval(HIT, {
          keys: [this.prefix + key],
          arguments: [String(windowMs)],
        })) as [number, number];
        return { count, ttlMs: ttl };
      },
      () => this.local.hit(key, windowMs),
    );
  }

  async peek(key: string): Promise<Hit> {
    return this.orLocally(
      async () => {
        const full = this.prefix + key;
        const [count, ttl] = await Promise.all([this.client.get(full), this.client.pTTL(full)]);
        if (count === null || ttl < 0) return { count: 0, ttlMs: 0 };
        return { count: Number(count), ttlMs: ttl };
      },
      () => this.local.peek(key),
    );
  }

  async reset(key: string): Promise<void> {
    await this.local.reset(key);
    await this.orLocally(
      async () => void (await this.client.del(this.prefix + key)),
      async () => {},
    );
  }

  async resetPrefix(prefix: string): Promise<void> {
    await this.local.resetPrefix(prefix);
    await this.orLocally(
      () => this.deleteMatching(`${this.prefix}${globEscape(prefix)}*`),
      async () => {},
    );
  }

  async release(key: string): Promise<void> {
    await this.local.release(key);
    await this.orLocally(
      async () => void (await this.client.eval(RELEASE, { keys: [this.prefix + key] })),
      async () => {},
    );
  }

  private async orLocally<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (!this.client.isReady) return local();
    try {
      return await shared();
    } catch {
      return local();
    }
  }

  /** Removes every key under this prefix (tests clean up after themselves). */
  async clear(): Promise<void> {
    await this.deleteMatching(`${globEscape(this.prefix)}*`);
  }

  /** SCAN walks the keyspace in steps (KEYS would block Redis); each step's keys are deleted. */
  private async deleteMatching(pattern: string): Promise<void> {
    for await (const keys of this.client.scanIterator({ MATCH: pattern, COUNT: 500 }))
      if (keys.length > 0) await this.client.del(keys);
  }

  /** Rejects while Redis cannot be reached (GET /api/ready). */
  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await closeRedis(this.client);
  }
}
