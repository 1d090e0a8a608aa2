import { normalizeIP } from '@fastify/rate-limit';

/**
 * The address a per-address limit counts under: IPv4 as is (IPv4-mapped IPv6 as IPv4), IPv6 by
 * its /64, since one subscriber holds a whole /64 and could otherwise rotate through it.
 */
export const limitAddress = (ip: string): string => normalizeIP(ip, 64);
