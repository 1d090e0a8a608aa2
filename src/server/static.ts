import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The built React app (dist/public), served beside the API on one port. This file sits at
// the same depth in src/ and dist/, so one relative path finds the build from both.
export const PUBLIC_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/public',
);

/** Vite names assets by content hash, so they never change under the same name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The HTML names the current assets: browsers check it every time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

const ASSETS = `${path.sep}assets${path.sep}`;

/** Serves `root` (the build; tests pass a folder of their own) if it holds an index.html. */
export async function registerWebApp(app: FastifyInstance, root = PUBLIC_DIR): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // scripts/compress-build.mjs wrote x.br and x.gz beside each text file: the plugin sends the
    // one the browser accepts (br, then gzip, then the file itself) with `Vary: Accept-Encoding`.
    preCompressed: true,
    // Those copies are chosen by Accept-Encoding, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', filePath.includes(ASSETS) ? IMMUTABLE : REVALIDATE);
    },
  });
  return true;
}

/**
 * What a request no route matched is answered. Once the web app is built, a GET of a client
 * route gets the app shell (precompressed, revalidated), and the React router draws the page
 * or its 404. A file that is not there (an old asset, any source map: they stay in
 * dist/sourcemaps) is a 404, never the HTML.
 */
export function notFoundHandler(hasWeb: boolean) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (hasWeb && request.method === 'GET' && isClientRoute(pathname))
      return reply.sendFile('index.html');
    return reply
      .status(404)
      .send({ message: `No route for ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  };
}

function isClientRoute(pathname: string): boolean {
  return (
    !pathname.startsWith('/api/') &&
    !pathname.startsWith('/socket.io') &&
    !pathname.startsWith('/assets/') &&
    !pathname.endsWith('.map')
  );
}
