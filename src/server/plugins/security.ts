import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Config, publicUrlOrigin } from '../config.js';
import { AppError } from '../errors.js';

// Security headers and the cross-origin write guard (DESIGN.md security baseline).

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers a document carries (an HTML page, and any answer of a kind that could be shown as
 * one: SVG, PDF, XML, unknown), computed once at start: helmet parsed its CSP options on every
 * request (about 7% of a 404's CPU). The set and values are the ones helmet sent.
 */
export function documentHeaders(config: Config): Record<string, string> {
  const https = isHttps(config);
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
    ...inertHeaders(config),
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The headers every other answer carries: JSON, scripts, style sheets, fonts, raster images,
 * plain text (ADR 0022). Such an answer is never a page: its own policy can forbid everything
 * (`default-src 'none'`), it may not be framed or read by another origin, and it is never
 * sniffed into a page. About 200 bytes instead of 800 on every API answer and asset.
 */
export function inertHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'same-origin',
    ...(isHttps(config)
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

const isHttps = (config: Config) => config.PUBLIC_URL?.startsWith('https://') ?? false;

/**
 * Content types that a browser never runs as a document (with nosniff): they get the inert set.
 * Anything else, or an answer without a type (a 304 revalidating a page), gets the document set.
 */
const INERT_TYPE =
  /^(?:application\/(?:json|problem\+json|manifest\+json|javascript)|text\/(?:javascript|css|plain)|font\/|image\/(?:png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon)\b)/i;

export const isInertType = (contentType: unknown): boolean =>
  typeof contentType === 'string' && INERT_TYPE.test(contentType);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const inert = inertHeaders(config);
  const documents = documentHeaders(config);
  const publicOrigin = publicUrlOrigin(config);

  // One callback hook for the headers and the write guard: each hook, and each promise of an
  // async one, is paid by every request (issue 23).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(inert);
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done(UNSAFE.has(request.method) ? crossOriginRefusal(request, publicOrigin) : undefined);
  });

  // What the answer turned out to be decides: a page (or anything not known inert) gets the
  // document headers on top of the inert ones.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!isInertType(reply.getHeader('content-type'))) reply.headers(documents);
    done(null, payload);
  });
}

/** The refusal of a state-changing request another site made, if it is one. */
function crossOriginRefusal(request: FastifyRequest, publicOrigin: string | null) {
  // Browsers send Sec-Fetch-Site and Origin; other clients (curl, the payment processor's
  // webhook) send neither and carry no ambient cookie authority worth forging.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return new AppError('FORBIDDEN', 'Cross-origin request refused');
  const origin = request.headers.origin;
  if (origin === 'null') return new AppError('FORBIDDEN', 'Cross-origin request refused');
  if (origin) {
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== publicOrigin)
      return new AppError('FORBIDDEN', 'Cross-origin request refused');
  }
  return undefined;
}
