import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './plugins/compression.js';
import { IMMUTABLE, notFoundHandler, REVALIDATE, registerWebApp } from './static.js';

// Issue 23, "Deliver less, once": a build folder made by the real build step
// (scripts/compress-build.mjs), served the way app.ts serves dist/public. The production build
// itself is checked in a browser by e2e/compressed-delivery.spec.ts.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'okmmj-web-'));
const publicDir = path.join(dir, 'public');
const SCRIPT = '/assets/index-Ab12Cd34.js';
const STYLE = '/assets/index-Ef56Gh78.css';
const PICTURE = '/assets/photo-Ij90Kl12.png';

const text = (what: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `${what} line ${i}: the patient waits in line.`).join(
    '\n',
  );
const files: Record<string, Buffer> = {
  '/index.html': Buffer.from(`<!doctype html><html><body>${text('html', 60)}</body></html>`),
  [SCRIPT]: Buffer.from(`console.log(${JSON.stringify(text('js', 200))});`),
  [`${SCRIPT}.map`]: Buffer.from(JSON.stringify({ version: 3, sources: ['secret.tsx'] })),
  [STYLE]: Buffer.from(text('.a { color: red }', 100)),
  '/favicon.svg': Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${text('<g/>', 30)}</svg>`),
  [PICTURE]: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
};

let app: FastifyInstance;
beforeAll(async () => {
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(publicDir, name)), { recursive: true });
    writeFileSync(path.join(publicDir, name), body);
  }
  execFileSync(process.execPath, [path.join(root, 'scripts/compress-build.mjs'), publicDir]);
  // The order app.ts keeps: compression first, the web app after the API's routes.
  app = Fastify();
  await registerCompression(app);
  const hasWeb = await registerWebApp(app, publicDir);
  app.setNotFoundHandler(notFoundHandler(hasWeb));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
  });

/** The bytes the browser ends up with, decoded as the answer says. */
function decoded(res: Awaited<ReturnType<typeof get>>): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('the build step (scripts/compress-build.mjs)', () => {
  it('writes a brotli and a gzip copy beside every text file, none beside a picture', () => {
    for (const name of ['/index.html', SCRIPT, STYLE, '/favicon.svg']) {
      expect(existsSync(path.join(publicDir, `${name}.br`)), name).toBe(true);
      expect(existsSync(path.join(publicDir, `${name}.gz`)), name).toBe(true);
    }
    expect(existsSync(path.join(publicDir, `${PICTURE}.br`))).toBe(false);
  });

  it('moves source maps out of the served folder, keeping them for error reports', () => {
    expect(existsSync(path.join(publicDir, `${SCRIPT}.map`))).toBe(false);
    const kept = readFileSync(path.join(dir, 'sourcemaps', `${SCRIPT}.map`));
    expect(kept).toEqual(files[`${SCRIPT}.map`]);
  });
});

describe('a hashed asset', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
  ])(
    'asked with Accept-Encoding "%s" comes as %s, decoding to the same bytes',
    async (accept, encoding) => {
      const res = await get(SCRIPT, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(files[SCRIPT]?.length ?? 0);
      expect(decoded(res)).toEqual(files[SCRIPT]);
    },
  );

  it.each([undefined, 'identity', 'deflate'])(
    'asked with Accept-Encoding %s comes as it is, still varying on it',
    async (accept) => {
      const res = await get(SCRIPT, accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload).toEqual(files[SCRIPT]);
    },
  );

  it('is cached for a year as immutable, compressed or not', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      expect((await get(SCRIPT, accept)).headers['cache-control']).toBe(IMMUTABLE);
      expect((await get(STYLE, accept)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('CSS and SVG are served compressed with their own types', async () => {
    const css = await get(STYLE, 'br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(decoded(css)).toEqual(files[STYLE]);
    const svg = await get('/favicon.svg', 'gzip');
    expect(svg.headers['content-encoding']).toBe('gzip');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(decoded(svg)).toEqual(files['/favicon.svg']);
  });

  it('a picture is sent as it is, never compressed on the way', async () => {
    const res = await get(PICTURE, 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(files[PICTURE]);
  });
});

describe('the app shell', () => {
  it.each(['/', '/patient/dashboard', '/landing?from=ad'])(
    '%s answers the HTML, brotli when asked, revalidated each time',
    async (url) => {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(decoded(res)).toEqual(files['/index.html']);
    },
  );

  it('answers 304 to a revalidation while it has not changed', async () => {
    const first = await get('/patient/dashboard', 'gzip');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/patient/dashboard', 'gzip', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('is never sent for a source map, a missing asset or a compressed copy by name', async () => {
    for (const url of [`${SCRIPT}.map`, '/assets/gone-Zz99Yy88.js', `${SCRIPT}.br`, '/x.js.map']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});
