import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { signedInAs, uniqueEmail, validRegistration } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// Issue 24: the account's language: taken at registration from the pages' language, read in
// GET /api/user, set with PUT /api/user/language, and the language of the API's 400s.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedLanguage = async (id: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]?.language;

describe('a registration takes the language its pages were shown in', () => {
  const register = (headers: Record<string, string>) =>
    new Client(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload: validRegistration({ email: uniqueEmail('lang') }),
      headers,
    });

  it('the lang cookie first, then Accept-Language, else English', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ cookie: 'lang=es', 'accept-language': 'en-US' }, 'es'],
      [{ cookie: 'lang=en', 'accept-language': 'es-MX' }, 'en'],
      [{ 'accept-language': 'es-MX,es;q=0.9' }, 'es'],
      [{ cookie: 'lang=fr', 'accept-language': 'fr-FR' }, 'en'],
      [{}, 'en'],
    ];
    for (const [headers, language] of cases) {
      const res = await register(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
      expect(res.json().user.language, JSON.stringify(headers)).toBe(language);
      expect(await storedLanguage(res.json().user.id)).toBe(language);
    }
  });
});

describe('PUT /api/user/language', () => {
  it('stores the language; GET /api/user and the cookie follow it', async () => {
    const { client, id } = await signedInAs(t.app, 'patient');
    expect((await client.get('/api/user')).json().language).toBe('en');
    const res = await client.put('/api/user/language', { language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'es' });
    expect(res.cookies.find((c) => c.name === 'lang')?.value).toBe('es');
    expect((await client.get('/api/user')).json().language).toBe('es');
    expect(await storedLanguage(id)).toBe('es');
  });

  it('refuses any other value with a 400 in the request language, changing nothing', async () => {
    const { client, id } = await signedInAs(t.app, 'patient');
    await client.put('/api/user/language', { language: 'es' });
    for (const language of ['fr', 'EN', '', null, 7, ['es']]) {
      const res = await client.put('/api/user/language', { language });
      expect(res.statusCode, String(language)).toBe(400);
      // The account is in Spanish now: its errors are too.
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'Elija inglés (en) o español (es)',
        issues: [{ path: 'language', message: 'Elija inglés (en) o español (es)' }],
      });
    }
    expect((await client.put('/api/user/language', {})).statusCode).toBe(400);
    expect(await storedLanguage(id)).toBe('es');
    await client.put('/api/user/language', { language: 'en' });
    const english = await client.put('/api/user/language', { language: 'fr' });
    expect(english.json().message).toBe('Choose English (en) or Spanish (es)');
  });

  it('answers 401 signed out', async () => {
    const res = await new Client(t.app).put('/api/user/language', { language: 'es' });
    expect(res.statusCode).toBe(401);
  });

  it('gives physicians their consulting languages, English by default, and no one else any', async () => {
    const { client: doctor } = await signedInAs(t.app, 'doctor');
    expect((await doctor.get('/api/user')).json().languages).toEqual(['en']);
    const { client: patient } = await signedInAs(t.app, 'patient');
    expect((await patient.get('/api/user')).json().languages).toBeNull();
  });
});
