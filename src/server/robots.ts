import type { FastifyInstance } from 'fastify';

// /robots.txt (issue 21): it answered the app's HTML. Crawlers are kept out of the signed-in
// areas and the API; the public pages (landing, legal, sign-in) stay open to them.

export const ROBOTS_DISALLOWED = ['/admin/', '/doctor/', '/patient/', '/api/'] as const;

export const ROBOTS_TXT = `User-agent: *\n${ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`).join('\n')}\n`;

export async function robotsRoute(app: FastifyInstance) {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(ROBOTS_TXT),
  );
}
