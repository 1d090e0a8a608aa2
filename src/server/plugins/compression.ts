import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Dynamic answers compressed per request (issue 23, ADR 0020). Only the API's answers: static
// files carry their own brotli and gzip copies, written at build (static.ts picks one), so
// compressing them here would be work per request or a second encoding; socket.io is not a
// Fastify route, and /metrics stays cheap to scrape.

/** Smaller answers gain less than a packet's worth and cost the CPU all the same. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Answers that carry a secret (a TOTP enrolment key, a video join token and TURN credentials)
 * go out as they are. Each secret is fresh per answer, which already defeats BREACH; keeping
 * them identity costs nothing (they are under 1 KB) and survives a later change to that.
 */
const NEVER_COMPRESSED = new Set(['/api/auth/mfa/setup', '/api/video/token']);

/** JSON and text; PDFs, images and encrypted downloads are compressed already or not worth it. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream))/;

export function compressedRoute(url: string): boolean {
  return url.startsWith('/api/') && !NEVER_COMPRESSED.has(url);
}

/** Registered before every route: @fastify/compress decides per route as each is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !compressedRoute(route.url)) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE,
    // Quality 4: as fast as gzip's default on an 11 KB list and about 8% smaller; the static
    // files get quality 11 at build, where time does not matter.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies are never compressed by the app's clients; a compressed body would only
    // be a way around bodyLimit's intent.
    globalDecompression: false,
  });
}
