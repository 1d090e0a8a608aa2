import type { Counters } from './counters.js';

// @fastify/rate-limit's `store` option: a class the plugin instantiates once, then `child`s
// per route; `incr` answers `{ current, ttl }` through a callback (store/LocalStore.js in the
// plugin). Ours forwards to the app's counters so the plugin and the direct checks (sign-in,
// declined charges) share one mechanism: memory with an injected clock, or Redis.

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What `child` really receives (the plugin's typings say route options; index.js passes these). */
interface ChildOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

export function pluginStore(counters: Counters) {
  return class CountersStore {
    constructor(
      _global?: unknown,
      private readonly scope = 'route:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      counters.hit(this.scope + key, timeWindow).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      counters.peek(this.scope + key).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    /** Routes of one group (one limit of limits.ts) count together; others count apart. */
    child(options: object): CountersStore {
      const { groupId, routeInfo = {} } = options as ChildOptions;
      return new CountersStore(
        undefined,
        groupId ? `limit:${groupId}:` : `route:${String(routeInfo.method)}${routeInfo.url ?? ''}:`,
      );
    }
  };
}
