import type { FastifyInstance } from 'fastify';
import { type Config, publicUrlOrigin } from '../config.js';
import { AppError } from '../errors.js';

// Security headers and the cross-origin write guard (DESIGN.md security baseline).

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers every answer carries, computed once at start: helmet parsed its CSP options on
 * every request (about 7% of a 404's CPU). The set and values are the ones helmet sent.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Radix's scroll lock injects a <style> element; styles cannot run code (ADR 0002).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The consultation room shows a PDF document in an <iframe> of an object URL (a blob: of
    // this origin, made by our own script) rather than downloading it (issue 12). Only blob:
    // frames are allowed: no other origin may be framed, and plugins (<object>/<embed>) stay off.
    'frame-src blob:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const publicOrigin = publicUrlOrigin(config);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    if (!UNSAFE.has(request.method)) return;
    // Browsers send Sec-Fetch-Site and Origin; other clients (curl, the payment processor's
    // webhook) send neither and carry no ambient cookie authority worth forging.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new AppError('FORBIDDEN', 'Cross-origin request refused');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && origin !== publicOrigin)
        throw new AppError('FORBIDDEN', 'Cross-origin request refused');
    } else if (origin === 'null') {
      throw new AppError('FORBIDDEN', 'Cross-origin request refused');
    }
  });
}
