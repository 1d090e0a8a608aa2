import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '../config.js';
import { users } from '../db/schema/index.js';
import {
  auditRows,
  countUsers,
  createUser,
  PASSWORD,
  signedInAs,
  uniqueEmail,
  validRegistration,
} from '../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../test/harness.js';
import { registerSecurity } from './security.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** registerSecurity on a bare server with one route per kind of answer. */
async function serverAnsweringKinds(config: Config): Promise<FastifyInstance> {
  const app = Fastify();
  await registerSecurity(app, config);
  for (const [path, type, body] of [
    ['/kind/page', 'text/html; charset=utf-8', '<!doctype html><title>x</title>'],
    ['/kind/drawing.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['/kind/letter.pdf', 'application/pdf', '%PDF-1.4'],
    ['/kind/script.js', 'text/javascript; charset=utf-8', 'export {};'],
    ['/kind/style.css', 'text/css; charset=utf-8', 'body{}'],
    ['/kind/logo.png', 'image/png', 'png'],
    ['/kind/font.woff2', 'font/woff2', 'woff'],
  ] as const)
    app.get(path, (_request, reply) => reply.type(type).send(body));
  return app;
}

const REFUSED = { message: 'Cross-origin request refused', code: 'FORBIDDEN' };

function cspOf(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as [string, string];
      }),
  );
}

// What each kind of answer carries (ADR 0022): a page, or anything a browser could show as one,
// the document set; JSON, scripts, styles, fonts, raster images and plain text the short inert set.
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** What every answer carries, whatever its kind (DESIGN.md's baseline). */
function expectBaseline(res: LightMyRequestResponse) {
  expect(cspOf(res).get('frame-ancestors')).toBe("'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
}

function expectInert(res: LightMyRequestResponse) {
  expectBaseline(res);
  const csp = cspOf(res);
  expect([...csp.keys()].sort()).toEqual(['default-src', 'frame-ancestors']);
  expect(csp.get('default-src')).toBe("'none'");
  for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeUndefined();
}

function expectDocument(res: LightMyRequestResponse) {
  expectBaseline(res);
  const csp = cspOf(res);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  // Only our own object URLs may be framed (the room's PDF viewer).
  expect(csp.get('frame-src')).toBe('blob:');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeDefined();
}

describe('security headers', () => {
  let kinds: FastifyInstance;
  beforeAll(async () => {
    // The plugin on a server answering each kind the web build and the document downloads give
    // (the web build is not there in the API tests): it goes by the answer's content type.
    kinds = await serverAnsweringKinds(testConfig());
  });
  afterAll(() => kinds.close());

  it.each([
    ['a success', 'GET', '/api/health', 200],
    ['a 401', 'GET', '/api/user', 401],
    ['an unknown API route', 'GET', '/api/nothing-here', 404],
    ['a validation error', 'POST', '/api/login', 400],
  ])('on %s from the API are the inert set, not stored', async (_, method, url, status) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(res.statusCode).toBe(status);
    expectInert(res);
    expect(res.headers['cache-control']).toBe('no-store');
    // Served over plain HTTP: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('on a refused cross-origin write are the inert set', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expectInert(res);
  });

  it.each([
    ['/kind/script.js'],
    ['/kind/style.css'],
    ['/kind/logo.png'],
    ['/kind/font.woff2'],
    ['/robots.txt'],
  ])('on %s (never a page) are the inert set', async (url) => {
    const res = await (url === '/robots.txt' ? t.app : kinds).inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expectInert(res);
  });

  it.each([
    ['an HTML page', '/kind/page'],
    ['an SVG (a document that can hold script)', '/kind/drawing.svg'],
    ['a PDF', '/kind/letter.pdf'],
  ])('on %s are the document set', async (_, url) => {
    const res = await kinds.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expectDocument(res);
    expect(cspOf(res).has('upgrade-insecure-requests')).toBe(false);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'No route for DELETE /api/nothing-here',
      code: 'NOT_FOUND',
    });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site', async () => {
    const res = await new Client(t.app).post('/api/register', validRegistration());
    expect(res.statusCode).toBe(201);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(raw).toMatch(/; HttpOnly/);
    expect(raw).toMatch(/; SameSite=Lax/);
    expect(raw).toMatch(/; Path=\//);
    expect(raw).not.toMatch(/Secure/); // plain HTTP in tests; see the HTTPS block below
  });
});

describe('cross-origin writes', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost:80.evil.example' }],
    ['another port', { origin: 'http://localhost:8080' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    [
      'Sec-Fetch-Site: cross-site even with our Origin',
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80' },
    ],
  ])('refuses a registration with %s and writes nothing', async (_, headers) => {
    const before = await countUsers(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration(),
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countUsers(t.app)).toBe(before);
  });

  it.each([
    ['our own Origin', { origin: 'http://localhost:80' }],
    [
      'Sec-Fetch-Site: same-origin',
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
    ],
    ['neither header (a non-browser client)', {}],
  ])('accepts a registration with %s', async (_, headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration(),
      headers,
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a forged sign-in: no session, no audit row', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await auditRows(t.app, { targetId: id })).toEqual([]);
  });

  it('refuses a forged sign-out: the session stays', async () => {
    const { client } = await signedInAs(t.app, 'patient');
    const res = await client.request({
      method: 'POST',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses forged staff changes from a signed-in master admin', async () => {
    const { client } = await signedInAs(t.app, 'master_admin');
    const target = await createUser(t.app, 'admin_assistant');
    const evil = { origin: 'https://evil.example' };
    const put = await client.request({
      method: 'PUT',
      url: `/api/admin/users/${target.id}`,
      payload: { role: 'admin' },
      headers: evil,
    });
    const del = await client.request({
      method: 'DELETE',
      url: `/api/admin/users/${target.id}`,
      headers: evil,
    });
    const post = await client.request({
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: uniqueEmail('x'), password: PASSWORD, firstName: 'X', lastName: 'Y' },
      headers: evil,
    });
    for (const res of [put, del, post]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    }
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: 'admin_assistant', deactivatedAt: null });
  });

  it('does not block reads from another origin (SameSite and CORS cover them)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request bodies', () => {
  it('answers a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  it('answers an unsupported content type with 415 and plain text with 400', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toEqual(expect.any(String));
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.test',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
  });

  it('answers a body over 1 MB with 413 and writes nothing', async () => {
    const before = await countUsers(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration({ middleName: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await countUsers(t.app)).toBe(before);
  });
});

describe('served over HTTPS (PUBLIC_URL)', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ config: { PUBLIC_URL: 'https://clinic.example' } });
  });
  afterAll(() => https.close());

  it('adds HSTS and upgrade-insecure-requests and marks the cookie Secure', async () => {
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it("upgrades a page's insecure requests, and sends HSTS on pages and assets", async () => {
    const kinds = await serverAnsweringKinds(testConfig({ PUBLIC_URL: 'https://clinic.example' }));
    const page = await kinds.inject({ method: 'GET', url: '/kind/page' });
    const script = await kinds.inject({ method: 'GET', url: '/kind/script.js' });
    await kinds.close();
    expect(cspOf(page).has('upgrade-insecure-requests')).toBe(true);
    for (const res of [page, script])
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('accepts writes from the public origin (behind a proxy) and refuses others', async () => {
    const ok = await https.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration(),
      headers: { origin: 'https://clinic.example', 'sec-fetch-site': 'same-origin' },
    });
    expect(ok.statusCode).toBe(201);
    const bad = await https.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration(),
      headers: { origin: 'http://clinic.example' },
    });
    expect(bad.statusCode).toBe(403);
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a generic message and no details', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@example.test', password: PASSWORD },
    });
    await broken.app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
  });
});
