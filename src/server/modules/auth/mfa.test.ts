import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles.js';
import { MFA_PENDING_MS, RECOVERY_CODE_COUNT } from '../../../shared/schemas/account.js';
import { auditLog, mfaRecoveryCodes, users } from '../../db/schema/index.js';
import { RATE_LIMITS } from '../../rate-limit/limits.js';
import { auditRows, createUser, PASSWORD, uniqueEmail } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';

// Staff sign-in with a second factor (issue 13), STAFF_MFA=required as in production, on an
// injected clock so TOTP steps and the 10-minute pending session are under the test's control.

const STEP_MS = 30_000;
let clock = Date.UTC(2026, 10, 24, 15, 0, 0);
const tick = (ms: number) => {
  clock += ms;
};
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock / 1000) });

const WRONG = 'That code is not right. Check your authenticator app and try again.';
const REUSED = 'This code has been used already. Wait for the next code in your app.';
const MFA_REQUIRED = { message: 'Finish two-step sign-in to continue', code: 'MFA_REQUIRED' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { STAFF_MFA: 'required' },
    // The real per-account limit on codes; the others stay raised.
    limits: { mfaCodes: RATE_LIMITS.mfaCodes },
    now: () => clock,
  });
});
afterAll(() => t.close());

async function signIn(email: string) {
  const client = new Client(t.app);
  const res = await client.post('/api/login', { email, password: PASSWORD });
  return { client, res };
}

/** A staff member who has enrolled: their full session, secret and recovery codes. */
async function enrolledStaff(role: Role = 'admin_assistant') {
  const { id, email } = await createUser(t.app, role);
  const { client } = await signIn(email);
  const { secret } = (await client.post('/api/auth/mfa/setup')).json();
  const res = await client.post('/api/auth/mfa/verify', { code: await codeFor(secret) });
  expect(res.statusCode, res.body).toBe(200);
  tick(STEP_MS); // the enrolment's code is spent
  return { id, email, client, secret: secret as string, recoveryCodes: res.json().recoveryCodes };
}

describe('enrolment at the first staff sign-in', () => {
  it('answers {mfa: enrol} with a pending session that reaches nothing else', async () => {
    const { id, email } = await createUser(t.app, 'doctor');
    const { client, res } = await signIn(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfa: 'enrol' });
    // The web's session probe too (issue 21): the unfinished sign-in goes back to /mfa.
    for (const url of [
      '/api/user',
      '/api/auth/user',
      '/api/auth/me',
      '/api/admin/meetings',
      '/api/fees',
    ]) {
      const other = await client.get(url);
      expect(other.statusCode, url).toBe(401);
      expect(other.json()).toEqual(MFA_REQUIRED);
    }
    // A challenge is not the step of a sign-in that still has to enrol.
    const challenge = await client.post('/api/auth/mfa/challenge', { code: '123456' });
    expect(challenge.statusCode).toBe(409);
    expect(challenge.json().message).toBe('Set up two-step sign-in first');

    const setup = await client.post('/api/auth/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('OKMMJ Telehealth');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(email);

    // Stored sealed, and not enrolled until a code confirms it.
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row!.mfaSecret).toBeTruthy();
    expect(row!.mfaSecret).not.toContain(secret);
    expect(t.app.ctx.sealer.open(row!.mfaSecret!, 'mfa-secret')).toBe(secret);
    expect(row!.mfaEnrolledAt).toBeNull();
  });

  it('a right code enrols, gives ten recovery codes and a new full session', async () => {
    const { id, email } = await createUser(t.app, 'operations_admin');
    const { client } = await signIn(email);
    const pendingCookie = client.cookie;
    const { secret } = (await client.post('/api/auth/mfa/setup')).json();

    const wrong = await client.post('/api/auth/mfa/verify', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: WRONG,
      code: 'VALIDATION',
      issues: [{ path: 'code', message: WRONG }],
    });

    const res = await client.post('/api/auth/mfa/verify', { code: await codeFor(secret) });
    expect(res.statusCode, res.body).toBe(200);
    const { user, recoveryCodes } = res.json();
    expect(user).toMatchObject({ id, email, role: 'operations_admin', mfaEnrolled: true });
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(client.cookie).not.toBe(pendingCookie);
    expect((await client.get('/api/user')).json()).toMatchObject({ id, mfaEnrolled: true });
    expect((await client.get('/api/admin/meetings')).statusCode).toBe(200);
    // The pending session's token is dead.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: pendingCookie! },
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('UNAUTHORIZED');

    // Codes are stored hashed only; the audit trail names the steps, never a code or secret.
    const stored = await t.app.ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace('-', ''));
    }
    const rows = await auditRows(t.app, { targetId: id });
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual([
      'auth.login:success',
      'mfa.setup_started:success',
      'mfa.enrol_failed:failure',
      'mfa.enrolled:success',
    ]);
    const trail = JSON.stringify(rows);
    expect(trail).not.toContain(secret);
    for (const code of recoveryCodes) expect(trail).not.toContain(code);
  });

  it('setup again after enrolment is refused', async () => {
    const staff = await enrolledStaff();
    const res = await staff.client.post('/api/auth/mfa/setup');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You are already signed in');
  });
});

describe('the challenge at later sign-ins', () => {
  it('answers {mfa: required}; a right code signs in, once', async () => {
    const staff = await enrolledStaff('doctor');
    const { client, res } = await signIn(staff.email);
    expect(res.json()).toEqual({ mfa: 'required' });
    expect((await client.get('/api/user')).json()).toEqual(MFA_REQUIRED);
    expect((await client.post('/api/auth/mfa/setup')).statusCode).toBe(409);

    const code = await codeFor(staff.secret);
    const ok = await client.post('/api/auth/mfa/challenge', {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ id: staff.id, role: 'doctor' });
    expect((await client.get('/api/user')).statusCode).toBe(200);

    // The same code again, within its 30 seconds: refused (replay), and not a wrong guess.
    const again = await signIn(staff.email);
    const replay = await again.client.post('/api/auth/mfa/challenge', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: REUSED, issues: [{ path: 'code' }] });
    const actions = (await auditRows(t.app, { targetId: staff.id })).map((r) => r.action);
    expect(actions).toContain('mfa.challenge_passed');
    expect(actions).toContain('mfa.code_reused');

    // The next step's code works.
    tick(STEP_MS);
    const next = await again.client.post('/api/auth/mfa/challenge', {
      code: await codeFor(staff.secret),
    });
    expect(next.statusCode).toBe(200);
  });

  it('each of the ten recovery codes works once in place of a code', async () => {
    const staff = await enrolledStaff();
    for (const [n, code] of staff.recoveryCodes.entries()) {
      const { client } = await signIn(staff.email);
      // Typed loosely: upper case, without the dash.
      const typed = n % 2 ? code.toUpperCase().replace('-', '') : code;
      const res = await client.post('/api/auth/mfa/challenge', { code: typed });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.id).toBe(staff.id);
    }
    const { client } = await signIn(staff.email);
    const spent = await client.post('/api/auth/mfa/challenge', { code: staff.recoveryCodes[0] });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toBe(WRONG);
    const used = (await auditRows(t.app, { targetId: staff.id })).filter(
      (r) => r.action === 'mfa.recovery_code_used',
    );
    expect(used.map((r) => r.details)).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ remaining: 9 - i })),
    );
  });

  it('five wrong codes end the pending session', async () => {
    const staff = await enrolledStaff();
    const { client } = await signIn(staff.email);
    for (let i = 1; i < 5; i++) {
      const res = await client.post('/api/auth/mfa/challenge', { code: '000000' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(WRONG);
    }
    const fifth = await client.post('/api/auth/mfa/challenge', { code: 'abcde-fghjk' });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual({
      message: 'Too many wrong codes. Please sign in again.',
      code: 'UNAUTHORIZED',
    });
    // Even the right code now needs a new sign-in.
    const late = await client.post('/api/auth/mfa/challenge', {
      code: await codeFor(staff.secret),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('UNAUTHORIZED');
    const failed = (await auditRows(t.app, { targetId: staff.id })).filter(
      (r) => r.action === 'mfa.challenge_failed',
    );
    expect(failed.map((r) => r.details)).toEqual([
      { failures: 1, sessionEnded: false },
      { failures: 2, sessionEnded: false },
      { failures: 3, sessionEnded: false },
      { failures: 4, sessionEnded: false },
      { failures: 5, sessionEnded: true },
    ]);
  });

  it('counts wrong codes per account across sign-ins: 429 with the wait', async () => {
    const staff = await enrolledStaff();
    const limit = RATE_LIMITS.mfaCodes;
    let client = (await signIn(staff.email)).client;
    for (let i = 0; i < limit.max; i++) {
      if (i % 5 === 0) client = (await signIn(staff.email)).client;
      await client.post('/api/auth/mfa/challenge', { code: '000000' });
    }
    client = (await signIn(staff.email)).client;
    // Past the limit even the right code waits: guessing gains nothing by signing in again.
    const res = await client.post('/api/auth/mfa/challenge', { code: await codeFor(staff.secret) });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many sign-in codes. Please try again in 15 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect((await auditRows(t.app, { targetId: staff.id })).map((r) => r.action)).toContain(
      'mfa.throttled',
    );

    tick(limit.windowMs);
    client = (await signIn(staff.email)).client;
    const later = await client.post('/api/auth/mfa/challenge', {
      code: await codeFor(staff.secret),
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('a pending session ends ten minutes after the password', async () => {
    const staff = await enrolledStaff();
    const { client } = await signIn(staff.email);
    tick(MFA_PENDING_MS + 1000);
    const res = await client.post('/api/auth/mfa/challenge', { code: await codeFor(staff.secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('sign-out cancels a pending sign-in', async () => {
    const staff = await enrolledStaff();
    const { client } = await signIn(staff.email);
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    const res = await client.post('/api/auth/mfa/challenge', { code: await codeFor(staff.secret) });
    expect(res.statusCode).toBe(401);
  });

  it('a code needs a pending sign-in', async () => {
    const res = await new Client(t.app).post('/api/auth/mfa/challenge', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    const empty = await (await signIn((await createUser(t.app, 'doctor')).email)).client.post(
      '/api/auth/mfa/verify',
      { code: '' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Enter the code from your authenticator app');
  });
});

describe('a master admin resets another staff member', () => {
  it('clears the secret, enrolment and recovery codes, ends their sessions, audited', async () => {
    const master = await enrolledStaff('master_admin');
    const target = await enrolledStaff('doctor');
    const list = (await master.client.get('/api/admin/users')).json();
    expect(list.find((u: { id: string }) => u.id === target.id).mfaEnrolled).toBe(true);

    const res = await master.client.post(`/api/admin/users/${target.id}/mfa/reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, mfaEnrolled: false });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null });
    expect(
      await t.app.ctx.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, target.id)),
    ).toEqual([]);
    expect((await target.client.get('/api/user')).statusCode).toBe(401);
    expect((await signIn(target.email)).res.json()).toEqual({ mfa: 'enrol' });
    const [audit] = (await auditRows(t.app, { targetId: target.id })).filter(
      (r) => r.action === 'mfa.reset',
    );
    expect(audit).toMatchObject({ actorId: master.id, details: { wasEnrolled: true } });
  });

  it('is for master roles only, and not on oneself', async () => {
    const target = await enrolledStaff('doctor');
    const ops = await enrolledStaff('operations_admin');
    await t.app.ctx.db
      .update(users)
      .set({ permissions: ['users'] })
      .where(eq(users.id, ops.id));
    t.app.ctx.sessions.forgetUser(ops.id);
    const refused = await ops.client.post(`/api/admin/users/${target.id}/mfa/reset`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You do not have access to this',
      code: 'FORBIDDEN',
    });

    const master = await enrolledStaff('master_admin');
    const self = await master.client.post(`/api/admin/users/${master.id}/mfa/reset`);
    expect(self.statusCode).toBe(403);
    const patient = await createUser(t.app, 'patient');
    expect((await master.client.post(`/api/admin/users/${patient.id}/mfa/reset`)).statusCode).toBe(
      404,
    );
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.mfaEnrolledAt).not.toBeNull();
    const resets = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'mfa.reset'));
    expect(resets.filter((r) => r.targetId === target.id || r.targetId === master.id)).toEqual([]);
  });
});

describe('patients', () => {
  it('sign in with a password alone, as before', async () => {
    const { id, email } = await createUser(t.app, 'patient');
    const { client, res } = await signIn(email);
    expect(res.json().user).toMatchObject({ id, role: 'patient', mfaEnrolled: false });
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('first admin setup with STAFF_MFA required', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ config: { STAFF_MFA: 'required' } });
  });
  afterAll(() => fresh.close());

  it('creates the admin but gives only a pending session that must enrol', async () => {
    const client = new Client(fresh.app);
    const email = uniqueEmail('owner');
    const res = await client.post('/api/admin/setup', {
      email,
      password: PASSWORD,
      firstName: 'Morgan',
      lastName: 'Reyes',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ mfa: 'enrol', message: 'Admin account created' });
    expect((await client.get('/api/user')).json()).toEqual(MFA_REQUIRED);
    expect((await client.get('/api/admin/users')).json()).toEqual(MFA_REQUIRED);
    const { secret } = (await client.post('/api/auth/mfa/setup')).json();
    const verify = await client.post('/api/auth/mfa/verify', {
      code: await generate({ secret }),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ email, role: 'master_admin' });
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
  });
});
