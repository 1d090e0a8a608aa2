import { isIP } from 'node:net';
import { z } from 'zod';

// TRUST_PROXY (issue 10, defect 8): which peers may tell us the client's address through
// X-Forwarded-For. `true` believes anyone, so a client rotating the header escapes every
// per-address limit; production refuses it (config.ts). Fastify's `trustProxy` takes each form.

/** proxy-addr's names for private ranges, accepted as Fastify accepts them. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const MAX_HOPS = 5;

export type TrustProxy = boolean | number | string[];

/** `false`, `true`, a hop count, or comma-separated proxy addresses and CIDRs. */
export const TrustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    // More hops than any real chain of proxies would believe the client's own header.
    if (/^\d+$/.test(value) && Number(value) <= MAX_HOPS) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, a hop count (such as 1) or comma-separated proxy addresses or CIDRs (such as 10.0.0.1,10.1.0.0/16)',
      });
      return z.NEVER;
    }
    return entries;
  });

/** A value that believes any client: `true`, or a range that holds every address (`/0`). */
export const trustsEveryone = (value: TrustProxy): boolean =>
  value === true || (Array.isArray(value) && value.some((entry) => entry.endsWith('/0')));

export const TRUST_PROXY_TRUE_IN_PRODUCTION =
  'true (or a /0 range) trusts any client’s X-Forwarded-For and is refused in production: set the hop count to your proxy (such as 1) or its addresses (such as 10.0.0.1 or 10.0.0.0/8)';

/**
 * Fastify's form. Fastify 5.12 no longer honours a bare hop count (it trusts nobody), so a
 * count becomes proxy-addr's rule: the nearest `hops` addresses are proxies. A count trusts
 * whoever connects directly, so it is for apps reachable only through their proxies; listing
 * the proxies' addresses is the safer form.
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}
