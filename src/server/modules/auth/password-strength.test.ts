import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '../../../shared/schemas/auth.js';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { translateText } from '../../i18n/translate.js';
import {
  countUsers,
  PASSWORD,
  signedInAs,
  uniqueEmail,
  validRegistration,
} from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { passwordWeakness as weaknessByKey } from './password-strength.js';

// The reason by key (issue 24), as an English request reads it.
const passwordWeakness = (password: string, inputs?: string[]) => {
  const why = weaknessByKey(password, inputs);
  return why === null ? null : translateText('en', why);
};

// Common or easily guessed passwords are refused wherever a new password is set (issue 10,
// defect 14): both registration routes, staff accounts and the first admin.

const COMMON = ['password', '12345678', 'Passw0rd!', 'qwerty123', 'iloveyou'];
const TOO_COMMON = /^This password is too common or easy to guess: \S/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the password rule', () => {
  it('refuses common passwords and the account’s own names, saying why', () => {
    for (const p of COMMON) expect(passwordWeakness(p)).toMatch(TOO_COMMON);
    expect(passwordWeakness('jamiecollins', ['Jamie', 'Collins'])).toMatch(
      /too common or easy to guess: Common names/,
    );
    for (const p of [PASSWORD, DEMO_PASSWORD, 'staff-journey-pass'])
      expect(passwordWeakness(p)).toBeNull();
  });

  it('the shared schema (also the web form’s) refuses a password of spaces only', () => {
    const parsed = NewPasswordSchema.safeParse('        ');
    expect(parsed.success).toBe(false);
    expect(translateText('en', parsed.error?.issues[0]?.message ?? '')).toBe(
      'Password cannot be only spaces',
    );
  });
});

describe('where a new password is set', () => {
  it('first admin setup refuses a common password and creates nobody', async () => {
    const body = (password: string) => ({
      email: uniqueEmail('owner'),
      password,
      firstName: 'Morgan',
      lastName: 'Reyes',
    });
    const before = await countUsers(t.app);
    const res = await new Client(t.app).post('/api/admin/setup', body('password'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(TOO_COMMON);
    expect(await countUsers(t.app)).toBe(before);
    expect((await new Client(t.app).post('/api/admin/setup', body(PASSWORD))).statusCode).toBe(201);
  });

  it.each(['/api/register', '/api/auth/register'])(
    '%s refuses common passwords and spaces only, creating nobody',
    async (url) => {
      const before = await countUsers(t.app);
      for (const password of [...COMMON, 'jamiecollins']) {
        const res = await new Client(t.app).post(
          url,
          validRegistration({ password, confirmPassword: password }),
        );
        expect(res.statusCode, password).toBe(400);
        const body = res.json();
        expect(body.message).toMatch(TOO_COMMON);
        expect(body.code).toBe('BAD_REQUEST');
        expect(body.issues).toEqual([{ path: 'password', message: body.message }]);
      }
      const spaces = ' '.repeat(8);
      const res = await new Client(t.app).post(
        url,
        validRegistration({ password: spaces, confirmPassword: spaces }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password cannot be only spaces');
      expect(await countUsers(t.app)).toBe(before);
      expect((await new Client(t.app).post(url, validRegistration())).statusCode).toBe(201);
    },
  );

  it('staff account creation refuses a common password', async () => {
    const master = await signedInAs(t.app, 'master_admin');
    const staff = (password: string) => ({
      email: uniqueEmail('staff'),
      password,
      firstName: 'Riley',
      lastName: 'Chen',
      role: 'admin',
    });
    const before = await countUsers(t.app);
    const res = await master.client.post('/api/admin/users', staff('12345678'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(TOO_COMMON);
    expect(await countUsers(t.app)).toBe(before);
    expect((await master.client.post('/api/admin/users', staff(PASSWORD))).statusCode).toBe(201);
  });
});
