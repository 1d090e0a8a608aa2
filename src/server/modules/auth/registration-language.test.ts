import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates.js';
import { countUsers, PASSWORD, uniqueEmail, validRegistration } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// Issue 24: registration and sign-in refusals in the request's language. The shared schemas
// and the auth service give their messages by key (msg()); the error handler answers them in
// Spanish for a Spanish request (the `lang` cookie, else Accept-Language), in English else,
// in `message` and in every `issues[].message`.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SPANISH: [string, Record<string, string>][] = [
  ['Accept-Language: es-MX', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }],
  ['the lang=es cookie', { cookie: 'lang=es', 'accept-language': 'en-US' }],
];
const ENGLISH: [string, Record<string, string>][] = [
  ['no language', {}],
  ['Accept-Language: en-US', { 'accept-language': 'en-US' }],
];

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  new Client(t.app).request({ method: 'POST', url, payload: payload as object, headers });

/** Ten years old today: under the 18 the online application asks for. */
const childBirthday = () => `${Number(todayIso().slice(0, 4)) - 10}${todayIso().slice(4)}`;

/** No first name, a bad email, a short password, a child's date of birth. */
const badRegistration = () =>
  validRegistration({
    firstName: '',
    email: 'not-an-email',
    password: 'short',
    confirmPassword: 'short',
    dateOfBirth: childBirthday(),
  });

const SPANISH_ISSUES: Record<string, string> = {
  firstName: 'Escriba su nombre',
  email: 'Escriba un correo electrónico válido',
  password: 'La contraseña debe tener al menos 8 caracteres',
  dateOfBirth: 'Debe tener 18 años o más para presentar la solicitud en línea',
};
const ENGLISH_ISSUES: Record<string, string> = {
  firstName: 'First name is required',
  email: 'Valid email is required',
  password: 'Password must be at least 8 characters',
  dateOfBirth: 'You must be 18 or older to apply online',
};

type Issue = { path: string; message: string };

/** The body's issues by field, every message checked to be plain text (no msg() token). */
function issuesByPath(body: { message: string; issues?: Issue[] }): Record<string, string> {
  expect(body.message).not.toMatch(/^i18n:/);
  const issues = body.issues ?? [];
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) expect(issue.message, issue.path).not.toMatch(/^i18n:/);
  // The summary message is the first issue's.
  expect(body.message).toBe(issues[0]?.message);
  return Object.fromEntries(issues.map((i) => [i.path, i.message]));
}

describe('POST /api/register refused with a 400', () => {
  it.each(SPANISH)(
    'answers in Spanish for %s, every message, writing nothing',
    async (_, headers) => {
      const before = await countUsers(t.app);
      const res = await post('/api/register', badRegistration(), headers);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION');
      expect(issuesByPath(body)).toEqual(SPANISH_ISSUES);
      // Not a word of the English left.
      for (const issue of body.issues as Issue[])
        expect(Object.values(ENGLISH_ISSUES)).not.toContain(issue.message);
      expect(await countUsers(t.app)).toBe(before);
    },
  );

  it.each(ENGLISH)('answers in English for %s, writing nothing', async (_, headers) => {
    const before = await countUsers(t.app);
    const res = await post('/api/register', badRegistration(), headers);
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res.json())).toEqual(ENGLISH_ISSUES);
    expect(await countUsers(t.app)).toBe(before);
  });

  it('says the passwords differ, in Spanish', async () => {
    const before = await countUsers(t.app);
    const res = await post(
      '/api/register',
      validRegistration({ confirmPassword: `${PASSWORD}-typo` }),
      SPANISH[0]![1],
    );
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res.json())).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });
    expect(await countUsers(t.app)).toBe(before);
  });

  it('refuses a common password (the server-side rule) in Spanish, in English else', async () => {
    const before = await countUsers(t.app);
    const payload = () => validRegistration({ password: 'password', confirmPassword: 'password' });
    const spanish = await post('/api/register', payload(), SPANISH[1]![1]);
    expect(spanish.statusCode).toBe(400);
    const weak =
      'Esta contraseña es muy común o fácil de adivinar. Elija una más larga y menos predecible.';
    expect(spanish.json()).toMatchObject({
      message: weak,
      issues: [{ path: 'password', message: weak }],
    });
    const english = await post('/api/register', payload(), {});
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toMatch(/^This password is too common or easy to guess: \S/);
    expect(await countUsers(t.app)).toBe(before);
  });
});

describe('POST /api/auth/register (the /auth screen) refused with a 400', () => {
  const payload = () => ({ email: 'nope', password: 'short', firstName: ' ', lastName: '' });

  it.each(SPANISH)('answers in Spanish for %s', async (_, headers) => {
    const before = await countUsers(t.app);
    const res = await post('/api/auth/register', payload(), headers);
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res.json())).toEqual({
      email: 'Escriba un correo electrónico válido',
      password: 'La contraseña debe tener al menos 8 caracteres',
      firstName: 'Escriba su nombre',
      lastName: 'Escriba su apellido',
    });
    expect(await countUsers(t.app)).toBe(before);
  });

  it('answers in English without a Spanish cookie or header', async () => {
    const res = await post('/api/auth/register', payload(), { 'accept-language': 'en' });
    expect(issuesByPath(res.json())).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
});

describe('an email already registered', () => {
  it('is refused with a 409 in the request language, adding no account', async () => {
    const email = uniqueEmail('taken');
    expect((await post('/api/register', validRegistration({ email }), {})).statusCode).toBe(201);
    const before = await countUsers(t.app);
    const spanish = await post('/api/register', validRegistration({ email }), SPANISH[0]![1]);
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json().message).toBe('Ya existe una cuenta con este correo electrónico');
    const english = await post('/api/register', validRegistration({ email }), {});
    expect(english.json().message).toBe('An account with this email already exists');
    expect(await countUsers(t.app)).toBe(before);
  });
});

describe('POST /api/login refused', () => {
  const wrong = () => ({ email: uniqueEmail('nobody'), password: 'not-the-password' });

  it.each(SPANISH)('says so in Spanish for %s', async (_, headers) => {
    const res = await post('/api/login', wrong(), headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('El correo electrónico o la contraseña no son correctos');
  });

  it('in English otherwise', async () => {
    const res = await post('/api/login', wrong(), {});
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('its form errors too (an empty password, a bad email)', async () => {
    const res = await post('/api/login', { email: 'x', password: '' }, SPANISH[1]![1]);
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res.json())).toEqual({
      email: 'Escriba un correo electrónico válido',
      password: 'Escriba su contraseña',
    });
  });
});
