import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIsoDate, todayIso } from '../../../shared/dates.js';
import { ROLE_DEFAULT_PERMISSIONS } from '../../../shared/roles.js';
import { patientProfiles, sessions, users } from '../../db/schema/index.js';
import {
  auditRows,
  countUsers,
  createUser,
  PASSWORD,
  signedInAs,
  uniqueEmail,
  validRegistration,
} from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { hashToken } from './session-store.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The calendar date `years` years before today (the server's "today"), Feb 29 → Feb 28. */
function yearsAgo(years: number): string {
  const [y, m, d] = todayIso().split('-') as [string, string, string];
  const date = `${Number(y) - years}-${m}-${d}`;
  return isIsoDate(date) ? date : `${Number(y) - years}-${m}-28`;
}

function shiftDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** No answer ever carries a password hash, whatever its shape. */
function expectNoSecrets(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/i);
}

const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid');

async function usersWithEmail(email: string) {
  return t.app.ctx.db.select().from(users).where(eq(users.email, email));
}

describe('POST /api/register (full registration)', () => {
  it('creates a patient with a profile, signs them in and audits it', async () => {
    const client = new Client(t.app);
    const body = validRegistration({
      email: uniqueEmail('Jamie.Collins').toUpperCase(),
      middleName: 'Lee',
      phone: '(405) 555-0142',
      apartment: 'Apt 4B',
    });
    const res = await client.post('/api/register', body);
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: body.email.toLowerCase(),
      firstName: 'Jamie',
      lastName: 'Collins',
      role: 'patient',
      permissions: [],
      patient: {
        firstName: 'Jamie',
        middleName: 'Lee',
        lastName: 'Collins',
        dateOfBirth: '1985-04-12',
        phone: '(405) 555-0142',
        address: '1200 N Walker Ave',
        apartment: 'Apt 4B',
        city: 'Oklahoma City',
        state: 'OK',
        zipCode: '73103',
      },
    });
    expect(sessionCookie(res)?.value).toBeTruthy();

    // The cookie is a working session.
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    // One user and one profile were stored; the address is lower-cased.
    const rows = await usersWithEmail(body.email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('patient');
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    const profiles = await t.app.ctx.db
      .select()
      .from(patientProfiles)
      .where(eq(patientProfiles.userId, user.id));
    expect(profiles).toHaveLength(1);

    const audit = await auditRows(t.app, { targetId: user.id });
    expect(audit.map((a) => a.action)).toEqual(['auth.register']);
    expect(audit[0]).toMatchObject({
      actorId: user.id,
      actorRole: 'patient',
      targetType: 'user',
      ip: '127.0.0.1',
      outcome: 'success',
    });
  });

  it('defaults the state to OK and stores empty optional fields as null', async () => {
    const client = new Client(t.app);
    const res = await client.post(
      '/api/register',
      validRegistration({ state: undefined, phone: '', middleName: '', apartment: '' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().user.patient).toMatchObject({
      state: 'OK',
      phone: null,
      middleName: null,
      apartment: null,
    });
  });

  // Each message is the one the form shows (src/shared/schemas/auth.ts, patient-side.md §5).
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['an empty first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['a blank first name', { firstName: '   ' }, 'firstName', 'First name is required'],
    ['a missing first name', { firstName: undefined }, 'firstName', 'First name is required'],
    ['an empty last name', { lastName: '' }, 'lastName', 'Last name is required'],
    ['a malformed email', { email: 'not-an-email' }, 'email', 'Valid email is required'],
    ['a missing email', { email: undefined }, 'email', 'Valid email is required'],
    [
      'a 7-character password',
      { password: 'short12', confirmPassword: 'short12' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'an empty confirmation',
      { confirmPassword: '' },
      'confirmPassword',
      'Please confirm your password',
    ],
    [
      'a confirmation that differs',
      { confirmPassword: 'another-password' },
      'confirmPassword',
      "Passwords don't match",
    ],
    ['an empty date of birth', { dateOfBirth: '' }, 'dateOfBirth', 'Date of birth is required'],
    [
      'an impossible date',
      { dateOfBirth: '1990-02-30' },
      'dateOfBirth',
      'Date of birth is required',
    ],
    [
      'a date of birth in the future',
      { dateOfBirth: shiftDays(todayIso(), 1) },
      'dateOfBirth',
      'Date of birth cannot be in the future',
    ],
    [
      'a 17-year-old',
      { dateOfBirth: yearsAgo(17) },
      'dateOfBirth',
      'You must be 18 or older to apply online',
    ],
    [
      'someone turning 18 tomorrow',
      { dateOfBirth: shiftDays(yearsAgo(18), 1) },
      'dateOfBirth',
      'You must be 18 or older to apply online',
    ],
    ['an empty address', { address: '' }, 'address', 'Address is required'],
    ['an empty city', { city: '' }, 'city', 'City is required'],
    ['a 4-digit ZIP code', { zipCode: '7310' }, 'zipCode', 'Valid ZIP code is required'],
    ['a ZIP code with letters', { zipCode: '7310A' }, 'zipCode', 'Valid ZIP code is required'],
    ['an unknown state', { state: 'ZZ' }, 'state', 'Please choose a state'],
    ['a malformed phone', { phone: 'call me' }, 'phone', 'Valid phone number is required'],
  ];

  it.each(invalid)(
    'refuses %s with 400 and writes nothing',
    async (_, overrides, path, message) => {
      const before = await countUsers(t.app);
      const body = validRegistration(overrides);
      const res = await new Client(t.app).post('/api/register', body);
      expect(res.statusCode).toBe(400);
      const answer = res.json();
      expect(answer).toMatchObject({ message, code: 'VALIDATION' });
      expect(answer.issues).toContainEqual({ path, message });
      expect(sessionCookie(res)).toBeUndefined();
      expect(await countUsers(t.app)).toBe(before);
    },
  );

  it('accepts someone who turns 18 today', async () => {
    const res = await new Client(t.app).post(
      '/api/register',
      validRegistration({ dateOfBirth: yearsAgo(18) }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().user.patient.dateOfBirth).toBe(yearsAgo(18));
  });

  it('answers 409 for a taken email in any letter case and keeps one account', async () => {
    const email = uniqueEmail('taken');
    expect(
      (await new Client(t.app).post('/api/register', validRegistration({ email }))).statusCode,
    ).toBe(201);
    const before = await countUsers(t.app);

    const again = await new Client(t.app).post(
      '/api/register',
      validRegistration({ email: `  ${email.toUpperCase()} ` }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'An account with this email already exists',
      code: 'CONFLICT',
    });
    expect(sessionCookie(again)).toBeUndefined();
    expect(await countUsers(t.app)).toBe(before);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('answers 400 with a message for a body that is not JSON', async () => {
    const before = await countUsers(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.test", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
    expect(await countUsers(t.app)).toBe(before);
  });

  it('answers 400, not 500, for a missing body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('POST /api/auth/register (short form)', () => {
  it('creates a patient with an empty profile and signs them in', async () => {
    const client = new Client(t.app);
    const email = uniqueEmail('short');
    const res = await client.post('/api/auth/register', {
      email,
      password: PASSWORD,
      firstName: 'Riley',
      lastName: 'Brooks',
    });
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res);
    const { user } = res.json();
    expect(user).toMatchObject({ email, role: 'patient', firstName: 'Riley', lastName: 'Brooks' });
    expect(user.patient).toMatchObject({
      firstName: 'Riley',
      lastName: 'Brooks',
      dateOfBirth: null,
      address: null,
      city: null,
      zipCode: null,
    });
    expect((await client.get('/api/auth/user')).json().id).toBe(user.id);
    expect((await auditRows(t.app, { targetId: user.id })).map((a) => a.action)).toEqual([
      'auth.register',
    ]);
  });

  it.each([
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: undefined }, 'lastName', 'Last name is required'],
  ])('refuses %o with 400 and writes nothing', async (overrides, path, message) => {
    const before = await countUsers(t.app);
    const res = await new Client(t.app).post('/api/auth/register', {
      email: uniqueEmail('short'),
      password: PASSWORD,
      firstName: 'Riley',
      lastName: 'Brooks',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await countUsers(t.app)).toBe(before);
  });

  it('answers 409 for an email a full registration already took', async () => {
    const email = uniqueEmail('both');
    await new Client(t.app).post('/api/register', validRegistration({ email }));
    const res = await new Client(t.app).post('/api/auth/register', {
      email: email.toUpperCase(),
      password: PASSWORD,
      firstName: 'Riley',
      lastName: 'Brooks',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
    expect(await usersWithEmail(email)).toHaveLength(1);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password (email in any case) and audits it', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    const client = new Client(t.app);
    const res = await client.post('/api/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    expect(res.json().user).toMatchObject({ id, email, role: 'patient' });
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const audit = await auditRows(t.app, { targetId: id });
    expect(audit.at(-1)).toMatchObject({
      action: 'auth.login',
      actorId: id,
      actorRole: 'patient',
      ip: '127.0.0.1',
      outcome: 'success',
    });
  });

  it('refuses a wrong password with 401 and audits the failure', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    const client = new Client(t.app);
    const res = await client.post('/api/login', { email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Invalid email or password' });
    expect(sessionCookie(res)).toBeUndefined();
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const audit = await auditRows(t.app, { targetId: id });
    expect(audit.at(-1)).toMatchObject({
      action: 'auth.login_failed',
      actorId: id,
      targetId: id,
      ip: '127.0.0.1',
      outcome: 'failure',
    });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await new Client(t.app).post('/api/login', {
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
  });

  it('needs only a non-empty password (ruling 11): a short one is a 401, not a 400', async () => {
    const { email } = await createUser(t.app, 'patient');
    const res = await new Client(t.app).post('/api/login', { email, password: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ email: 'nope', password: PASSWORD }, 'email', 'Valid email is required'],
    [{ email: 'a@b.test', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@b.test' }, 'password', 'Password is required'],
  ])('refuses %o with 400', async (body, path, message) => {
    const res = await new Client(t.app).post('/api/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('refuses a deactivated account', async () => {
    const { id, email } = await createUser(t.app, 'admin_assistant');
    await t.app.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, id));
    const res = await new Client(t.app).post('/api/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('issues a new session token at every sign-in; the previous one stops working', async () => {
    const { email } = await createUser(t.app, 'patient');
    const client = new Client(t.app);
    await client.post('/api/login', { email, password: PASSWORD });
    const first = client.cookie!;
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const again = await client.post('/api/login', { email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    const second = client.cookie!;
    expect(second).not.toBe(first);

    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: first },
    });
    expect(replay.statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('ignores a session token planted before sign-in (no fixation)', async () => {
    const { email } = await createUser(t.app, 'patient');
    const client = new Client(t.app);
    client.cookie = 'sid=attacker-chosen-token';
    const res = await client.post('/api/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(client.cookie).not.toBe('sid=attacker-chosen-token');
    const planted = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: 'sid=attacker-chosen-token' },
    });
    expect(planted.statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    const client = new Client(t.app);
    await client.post('/api/login', { email, password: PASSWORD });
    const token = client.cookie!.slice('sid='.length);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32); // 256 bits
    const rows = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server and audits it', async () => {
    const { client, id } = await signedInAs(t.app, 'patient');
    const cookie = client.cookie!;
    const res = await client.post('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    // The browser is told to drop the cookie…
    const cleared = sessionCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    // …and a copy of it replayed later no longer works.
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);

    const audit = await auditRows(t.app, { targetId: id });
    expect(audit.at(-1)).toMatchObject({
      action: 'auth.logout',
      actorId: id,
      actorRole: 'patient',
      targetType: 'user',
      ip: '127.0.0.1',
      outcome: 'success',
    });
  });

  it('answers 200 when already signed out', async () => {
    const res = await new Client(t.app).post('/api/logout');
    expect(res.statusCode).toBe(200);
  });

  it('leaves the same user’s other sessions alone', async () => {
    const { email } = await createUser(t.app, 'patient');
    const phone = new Client(t.app);
    const laptop = new Client(t.app);
    await phone.post('/api/login', { email, password: PASSWORD });
    await laptop.post('/api/login', { email, password: PASSWORD });
    await phone.post('/api/logout');
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
  });
});

describe('GET /api/user and GET /api/auth/user', () => {
  it.each(['/api/user', '/api/auth/user'])('%s answers 401 when signed out', async (url) => {
    const res = await new Client(t.app).get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
  });

  it.each(['/api/user', '/api/auth/user'])('%s answers 401 for an unknown cookie', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: 'sid=nonsense' } });
    expect(res.statusCode).toBe(401);
  });

  it('gives a patient their profile; both paths agree', async () => {
    const client = new Client(t.app);
    const reg = await client.post('/api/register', validRegistration());
    const a = await client.get('/api/user');
    const b = await client.get('/api/auth/user');
    expect(a.statusCode).toBe(200);
    expectNoSecrets(a);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual(reg.json().user);
    expect(Object.keys(a.json()).sort()).toEqual(
      [
        'createdAt',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'language',
        'languages',
        'lastName',
        'licenseNumber',
        'licensingBoard',
        'mfaEnrolled',
        'npi',
        'officeAddress',
        'ommaRegistrationExpiresOn',
        'ommaRegistrationNumber',
        'patient',
        'permissions',
        'queueReminders',
        'role',
      ].sort(),
    );
    expect(a.json().patient.id).toEqual(expect.any(String));
  });

  it('gives staff their role’s permissions and no patient profile', async () => {
    const { client, id } = await signedInAs(t.app, 'operations_admin');
    const res = await client.get('/api/user');
    expectNoSecrets(res);
    expect(res.json()).toMatchObject({
      id,
      role: 'operations_admin',
      patient: null,
      permissions: expect.arrayContaining([...ROLE_DEFAULT_PERMISSIONS.operations_admin]),
    });
    expect(res.json().permissions).toHaveLength(ROLE_DEFAULT_PERMISSIONS.operations_admin.length);
  });

  it('shows a doctor’s license number, NPI and OMMA registration', async () => {
    const { client } = await signedInAs(t.app, 'doctor', {
      omma: { number: 'PHY-OK-7781', expiresOn: '2031-06-30' },
    });
    expect((await client.get('/api/user')).json()).toMatchObject({
      role: 'doctor',
      permissions: [],
      licenseNumber: 'OK-12345',
      npi: '1234567890',
      ommaRegistrationNumber: 'PHY-OK-7781',
      ommaRegistrationExpiresOn: '2031-06-30',
    });
  });
});
