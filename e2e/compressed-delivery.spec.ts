import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { type ProductionServer, startProductionServer } from './own-server';
import { fromOwnAddress, registrationBody, uniqueEmail } from './support';

// Issue 23, "Deliver less, once", as a browser sees it on a production server of its own
// (NODE_ENV=production, the built dist/): pages, scripts and style sheets come brotli or gzip
// as asked, from the copies written at build; source maps answer 404; the HTML revalidates
// and hashed assets are immutable; every text answer over 1 KB on a patient's dashboard load
// is compressed.

const port = Number(process.env.E2E_PORT ?? 3100) + 4;
let server: ProductionServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startProductionServer(port);
});
test.afterAll(async () => {
  await server?.stop();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as it goes over the wire: nothing decoded, only the headers given. */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.origin}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (raw: Raw) =>
  raw.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(raw.body)
    : raw.headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw.body)
      : raw.body;

/** The scripts and style sheets the HTML names. */
async function assetsOfThePage() {
  const html = (await rawGet('/')).body.toString();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
  return assets;
}

test('pages, scripts, style sheets and the icon come compressed as asked, with Vary', async () => {
  const urls = ['/', '/patient/dashboard', '/favicon.svg', ...(await assetsOfThePage())];
  for (const url of urls) {
    const plain = await rawGet(url);
    expect(plain.status, url).toBe(200);
    expect(plain.headers['content-encoding'], url).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await rawGet(url, { 'accept-encoding': accept });
      // A file under 1 KB may come as it is: its copies would save less than a packet.
      if (plain.body.length > 1024 || res.headers['content-encoding'])
        expect(res.headers['content-encoding'], `${url} (${accept})`).toBe(encoding);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decode(res).equals(plain.body), `${url} decodes to the same bytes`).toBe(true);
    }
  }
});

test('the HTML revalidates (a 304 when unchanged); hashed assets are immutable', async () => {
  const page = await rawGet('/patient/dashboard', { 'accept-encoding': 'br' });
  expect(page.headers['cache-control']).toBe('no-cache');
  const etag = page.headers.etag as string;
  expect(etag).toBeTruthy();
  const again = await rawGet('/patient/dashboard', {
    'accept-encoding': 'br',
    'if-none-match': etag,
  });
  expect(again.status).toBe(304);
  for (const asset of await assetsOfThePage())
    expect((await rawGet(asset)).headers['cache-control'], asset).toBe(
      'public, max-age=31536000, immutable',
    );
});

test('source maps answer 404, and stay on disk for error reports', async () => {
  const assets = await assetsOfThePage();
  for (const asset of assets) {
    const map = await rawGet(`${asset}.map`, { 'accept-encoding': 'br, gzip' });
    expect(map.status, `${asset}.map`).toBe(404);
    expect(map.body.toString()).not.toMatch(/"mappings"|<html/i);
    // The bundle does not point at a map either ('hidden' source maps).
    expect((await rawGet(asset)).body.toString()).not.toContain('sourceMappingURL');
  }
  expect((await rawGet('/assets/x.js.map')).status).toBe(404);
  // The entry script's map is kept beside the build, where an error report can be mapped.
  const html = (await rawGet('/')).body.toString();
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
  expect(existsSync(path.join('dist/sourcemaps', `${entry}.map`)), entry).toBe(true);
});

test('robots.txt is text and the page describes itself', async () => {
  const robots = await rawGet('/robots.txt');
  expect(robots.headers['content-type']).toMatch(/^text\/plain/);
  expect(robots.body.toString()).toMatch(/^User-agent: \*\nDisallow: /);
  const html = (await rawGet('/')).body.toString();
  expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
});

test("every text answer over 1 KB on a patient's dashboard load comes compressed", async ({
  page,
}) => {
  const patient = {
    firstName: 'Casey',
    lastName: 'Compressed',
    email: uniqueEmail('e2e-compressed'),
    password: 'compressed-delivery-secret',
  };
  const registered = await page.context().request.post(`${server.origin}/api/register`, {
    headers: fromOwnAddress(),
    data: registrationBody(patient),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.context().clearCookies();

  const seen: { url: string; type: string; size: number; encoding: string }[] = [];
  page.on('response', async (response) => {
    if (response.status() !== 200) return;
    const headers = await response.allHeaders();
    const type = headers['content-type'] ?? '';
    if (!/^(?:text\/|application\/(?:javascript|json)|image\/svg)/.test(type)) return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    seen.push({
      url: new URL(response.url()).pathname,
      type,
      size: body.length,
      encoding: headers['content-encoding'] ?? 'identity',
    });
  });
  await page.goto(`${server.origin}/login`);
  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Password', { exact: true }).fill(patient.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${server.origin}/patient/dashboard`);
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A fresh load of the dashboard, signed in, as a returning patient opens it.
  await page.reload();
  await page.waitForLoadState('networkidle');

  const large = seen.filter((r) => r.size > 1024);
  const uncompressed = large.filter((r) => !/^(?:br|gzip)$/.test(r.encoding));
  expect(uncompressed, JSON.stringify(large, null, 1)).toEqual([]);
  // The load did fetch the page, its scripts and style sheet, all compressed.
  for (const kind of [/^text\/html/, /javascript/, /^text\/css/])
    expect(
      large.some((r) => kind.test(r.type)),
      String(kind),
    ).toBe(true);
});
