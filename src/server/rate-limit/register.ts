import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitAddress } from './address.js';
import type { Counters } from './counters.js';
import { LIMIT_SUBJECTS, type RateLimits } from './limits.js';
import { pluginStore } from './plugin-store.js';
import { TooManyRequests } from './too-many.js';

// @fastify/rate-limit, off by default and switched on per route with `routeLimit`, counting in
// the app's counters (memory or Redis). It runs as the route's last onRequest hook: after the
// session is known and after the route's guard, so a caller without access is not counted.

export async function registerRateLimits(app: FastifyInstance, counters: Counters): Promise<void> {
  await app.register(rateLimit, { global: false, store: pluginStore(counters) });
}

const keyOf = (by: 'account' | 'address') => (request: FastifyRequest) =>
  by === 'account' && request.session
    ? `account:${request.session.user.id}`
    : `ip:${limitAddress(request.ip)}`;

/**
 * A route's `config` for one limit of limits.ts. Routes naming the same limit count together
 * (both upload routes, both registration routes).
 */
export function routeLimit(limits: RateLimits, name: keyof RateLimits) {
  const { by, what } = LIMIT_SUBJECTS[name];
  return {
    rateLimit: {
      max: limits[name].max,
      timeWindow: limits[name].windowMs,
      groupId: name,
      keyGenerator: keyOf(by),
      errorResponseBuilder: (_request: FastifyRequest, c: { ttl: number }) =>
        new TooManyRequests(what, c.ttl),
    },
  };
}
