import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { type Config, publicUrlOrigin } from '../config.js';
import { AppError } from '../errors.js';

// Security headers and the cross-origin write guard (DESIGN.md security baseline).

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock injects a <style> element; styles cannot run code (ADR 0002).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
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
