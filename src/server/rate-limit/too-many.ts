import { AppError } from '../errors.js';
import { type Limit, tooManyMessage } from './limits.js';

/** A 429 that says how long to wait; the error handler adds the Retry-After header. */
export class TooManyRequests extends AppError {
  constructor(
    what: string,
    readonly retryAfterMs: number,
  ) {
    super('TOO_MANY_REQUESTS', tooManyMessage(what, retryAfterMs));
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}

/** The wait before another hit is allowed under `limit`, given the window's current count. */
export const waitFor = (hit: { count: number; ttlMs: number }, limit: Limit): number =>
  hit.count >= limit.max ? Math.max(1, hit.ttlMs) : 0;

/** The wait for a hit already counted: allowed while the window holds at most `max` hits. */
export const waitAfterHit = (hit: { count: number; ttlMs: number }, limit: Limit): number =>
  hit.count > limit.max ? Math.max(1, hit.ttlMs) : 0;
