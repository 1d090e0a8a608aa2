import type { FastifyInstance } from 'fastify';

// /robots.txt (issue 21): it answered the app's HTML. Crawlers are kept out of the staff areas
// and the API; the public pages (landing, legal, sign-in) stay open to them. The patient's pages
// are not listed (issue 23): signed out, each one is the sign-in page, so a crawler finds
// nothing private there, and a page a patient opens is judged crawlable (Lighthouse's SEO
// audit fails any page a robots rule hides). Nothing private depends on robots.txt: the API
// answers only a signed-in owner.

export const ROBOTS_DISALLOWED = ['/admin/', '/doctor/', '/api/'] as const;

export const ROBOTS_TXT = `User-agent: *\n${ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`).join('\n')}\n`;

export async function robotsRoute(app: FastifyInstance) {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(ROBOTS_TXT),
  );
}
