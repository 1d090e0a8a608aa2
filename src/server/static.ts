import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// The built React app (dist/public), served beside the API on one port. This file sits at
// the same depth in src/ and dist/, so one relative path finds the build from both.
export const PUBLIC_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/public',
);

export async function registerWebApp(app: FastifyInstance): Promise<boolean> {
  if (!existsSync(path.join(PUBLIC_DIR, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: PUBLIC_DIR,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Vite names assets by content hash, so they never change under the same name.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  return true;
}
