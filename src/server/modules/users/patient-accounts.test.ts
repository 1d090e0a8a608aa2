import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_MS } from '../../../shared/schemas/account.js';
import type { PatientAccount } from '../../../shared/schemas/patient-accounts.js';
import { accountTokens, auditLog, patientProfiles } from '../../db/schema/index.js';
import { RATE_LIMITS } from '../../rate-limit/limits.js';
import { RedisCounters } from '../../rate-limit/redis-counters.js';
import { auditRows, PASSWORD, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient, type TestPatient } from '../../test/patients.js';
import { linkTo, SmtpSink } from '../../test/smtp-sink.js';
import { LoginThrottle } from '../auth/throttle.js';

// Patients in user management (issue 13, ruling 3): staff holding `users` and `documents` find a
// patient by name, email or date of birth, and deactivate, send a password reset or unlock
// sign-in; every list and action is audited with the patients it concerns.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOGIN_LIMITS = {
  loginPerAccountAddress: RATE_LIMITS.loginPerAccountAddress,
  loginPerAddress: RATE_LIMITS.loginPerAddress,
};

let sink: SmtpSink;
let t: TestApp;
let admin: Client;
let adminId: string;
let adminEmail: string;
const clock = Date.now();

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    now: () => clock,
    limits: LOGIN_LIMITS,
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
  });
  const signed = await signedInAs(t.app, 'admin');
  admin = signed.client;
  adminId = signed.id;
  adminEmail = signed.email;
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

/** A patient with a name and a date of birth nobody else in this file has. */
async function distinctPatient(
  app = t.app,
): Promise<TestPatient & { lastName: string; dob: string }> {
  const lastName = `Quill${randomBytes(3).toString('hex')}`;
  const n = randomBytes(2).readUInt16BE();
  const dob = `19${50 + (n % 40)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
  const patient = await registerPatient(app, { firstName: 'Rowan', lastName, dateOfBirth: dob });
  return { ...patient, lastName, dob };
}

const search = async (query: string, client = admin) =>
  client.get(`/api/admin/patient-accounts?${query}`);
const found = async (query: string): Promise<PatientAccount[]> => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().patients;
};
const lastAudit = async (action: string) => {
  const [row] = await t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, adminId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row!;
};

describe('finding patients', () => {
  it('finds a patient by name, by email and by date of birth, naming each one shown in the audit', async () => {
    const p = await distinctPatient();
    const byName = await found(`q=${encodeURIComponent(`rowan ${p.lastName}`)}`);
    expect(byName).toEqual([
      expect.objectContaining({
        id: p.userId,
        firstName: 'Rowan',
        lastName: p.lastName,
        email: p.email,
        dateOfBirth: p.dob,
        emailVerified: false,
        signInLocked: false,
      }),
    ]);
    const audited = await lastAudit('patient.search');
    expect(audited.patientIds).toEqual([p.userId]);
    // What was searched for may be a name: the row says how, never the words.
    expect(JSON.stringify(audited.details)).not.toContain(p.lastName);

    expect((await found(`q=${p.email.toUpperCase()}`)).map((r) => r.id)).toEqual([p.userId]);
    const byDob = await found(`dob=${p.dob}`);
    expect(byDob.map((r) => r.id)).toContain(p.userId);
    expect(byDob.every((r) => r.dateOfBirth === p.dob)).toBe(true);
    expect((await lastAudit('patient.search')).patientIds).toEqual(byDob.map((r) => r.id));
    expect(await found(`q=${p.lastName}&dob=1901-01-01`)).toEqual([]);
    // Staff are not patients.
    expect(await found(`q=${encodeURIComponent(adminEmail)}`)).toEqual([]);
  });

  it('finds and names a patient by the name kept in their profile', async () => {
    const p = await distinctPatient();
    const married = `Thorne${randomBytes(3).toString('hex')}`;
    await t.app.ctx.db
      .update(patientProfiles)
      .set({ lastName: married })
      .where(eq(patientProfiles.userId, p.userId));
    const [row] = await found(`q=${encodeURIComponent(`Rowan ${married}`)}`);
    expect(row).toMatchObject({ id: p.userId, firstName: 'Rowan', lastName: married });
    // The name registered with still finds the account.
    expect((await found(`q=${p.lastName}`)).map((r) => r.id)).toEqual([p.userId]);
  });

  it('asks for a criterion and keeps pages bounded; wildcards are letters', async () => {
    const none = await search('q=');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      'Enter a name or email (2 letters or more), or a date of birth',
    );
    expect((await search('q=a')).statusCode).toBe(400);
    expect((await search('dob=1985-13-40')).statusCode).toBe(400);
    const deep = await search('q=rowan&page=51');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('Narrow the search: at most 50 pages');
    expect(await found('q=%25%25')).toEqual([]);
    const page = await search('q=rowan');
    expect(page.json()).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('refuses staff without both `users` and `documents`, writing nothing', async () => {
    const p = await distinctPatient();
    const auditCount = await t.app.ctx.db.$count(auditLog);
    for (const [role, permissions] of [
      ['operations_admin', ['users']],
      ['admin_assistant', null],
      ['doctor', null],
    ] as const) {
      const staff = await signedInAs(t.app, role, {
        permissions: permissions ? [...permissions] : null,
      });
      const before = await t.app.ctx.db.$count(auditLog);
      for (const res of [
        await search(`q=${p.lastName}`, staff.client),
        await staff.client.post(`/api/admin/patient-accounts/${p.userId}/unlock`),
        await staff.client.post(`/api/admin/patient-accounts/${p.userId}/password-reset`),
        await staff.client.delete(`/api/admin/patient-accounts/${p.userId}`),
      ]) {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('You do not have access to this');
      }
      // Signing in wrote its own row; the refused calls none.
      expect(await t.app.ctx.db.$count(auditLog)).toBe(before);
    }
    expect(await t.app.ctx.db.$count(auditLog)).toBeGreaterThan(auditCount);
    expect((await p.client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('acting on a patient account', () => {
  it('deactivates a patient: their sessions end and searches no longer find them', async () => {
    const p = await distinctPatient();
    expect((await p.client.get('/api/user')).statusCode).toBe(200);
    const res = await admin.delete(`/api/admin/patient-accounts/${p.userId}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await p.client.get('/api/user')).statusCode).toBe(401);
    const login = await new Client(t.app).post('/api/login', {
      email: p.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    expect(await found(`q=${p.lastName}`)).toEqual([]);
    expect(await lastAudit('patient.deactivate')).toMatchObject({
      targetId: p.userId,
      patientIds: [p.userId],
    });
    const again = await admin.delete(`/api/admin/patient-accounts/${p.userId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Patient not found');
    // A staff account is not a patient account.
    const staffRes = await admin.delete(`/api/admin/patient-accounts/${adminId}`);
    expect(staffRes.statusCode).toBe(404);
  });

  it('sends the patient a password reset link that works for 30 minutes', async () => {
    const p = await distinctPatient();
    const res = await admin.post(`/api/admin/patient-accounts/${p.userId}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'A link to choose a new password is on its way to the patient.',
    );
    await t.app.ctx.mail.deliverDue();
    const mail = await sink.waitFor(p.email, (m) => m.subject.startsWith('Choose a new password'));
    for (const secret of [p.dob.slice(0, 4), p.lastName, 'Walker', '73103'])
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(secret);
    const link = linkTo(mail, '/reset-password');
    expect(link.origin).toBe('https://clinic.example');
    // POST /api/auth/reset-password is built on another branch: the link's token is the row
    // stored for this patient, hashed, unused, for 30 minutes.
    const token = link.searchParams.get('token')!;
    const [row] = await t.app.ctx.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row).toMatchObject({ userId: p.userId, purpose: 'password_reset', usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(PASSWORD_RESET_TTL_MS);
    expect(await lastAudit('patient.send_password_reset')).toMatchObject({
      targetId: p.userId,
      patientIds: [p.userId],
    });
  });

  it('unlocks a patient held by the sign-in throttle: the right password works at once', async () => {
    const p = await distinctPatient();
    const attempt = (password: string) =>
      new Client(t.app).post('/api/login', { email: p.email, password });
    for (let i = 0; i < RATE_LIMITS.loginPerAccountAddress.max; i++)
      expect((await attempt('wrong-password-here')).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).statusCode).toBe(429);
    expect((await found(`q=${p.lastName}`))[0]!.signInLocked).toBe(true);

    const res = await admin.post(`/api/admin/patient-accounts/${p.userId}/unlock`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The patient can sign in again now.');
    expect((await found(`q=${p.lastName}`))[0]!.signInLocked).toBe(false);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    expect(await lastAudit('patient.unlock_sign_in')).toMatchObject({
      targetId: p.userId,
      patientIds: [p.userId],
    });
    expect((await auditRows(t.app, { targetId: p.userId })).map((r) => r.action)).toContain(
      'auth.login',
    );
  });
});

describe('unlocking with Redis', () => {
  it('clears the counts every node shares', async () => {
    const prefix = `okmmj-test:${randomBytes(6).toString('hex')}:`;
    const counters = await RedisCounters.connect(REDIS_URL, prefix);
    const otherNode = await RedisCounters.connect(REDIS_URL, prefix);
    const shared = await createTestApp({ limits: LOGIN_LIMITS, counters });
    try {
      const staff = await signedInAs(shared.app, 'master_admin');
      const p = await distinctPatient(shared.app);
      for (let i = 0; i <= RATE_LIMITS.loginPerAccountAddress.max; i++)
        await new Client(shared.app).post('/api/login', {
          email: p.email,
          password: 'wrong-one-x',
        });
      // Another node reading the same Redis sees the account held.
      const elsewhere = new LoginThrottle(otherNode, LOGIN_LIMITS);
      expect(await elsewhere.isLocked(p.email)).toBe(true);

      const res = await staff.client.post(`/api/admin/patient-accounts/${p.userId}/unlock`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await elsewhere.isLocked(p.email)).toBe(false);
      expect(await elsewhere.attempt(p.email, '127.0.0.1')).toBe(0);
      const login = await new Client(shared.app).post('/api/login', {
        email: p.email,
        password: PASSWORD,
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await shared.close();
      await otherNode.clear();
      await otherNode.close();
    }
  });
});
