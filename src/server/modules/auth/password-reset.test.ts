import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLINIC_NAME } from '../../../shared/brand.js';
import {
  FORGOT_PASSWORD_ANSWER as FORGOT_ANSWER_KEY,
  PASSWORD_RESET_TTL_MS,
} from '../../../shared/schemas/account.js';
import { auditLog, users } from '../../db/schema/index.js';
import { translateText } from '../../i18n/translate.js';
import { RATE_LIMITS } from '../../rate-limit/limits.js';
import {
  accountState,
  expectNoProfileData,
  receive,
  registeredPatient,
} from '../../test/account-mail.js';
import { auditRows, createUser, PASSWORD, uniqueEmail } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { linkTo, type ReceivedMail, SmtpSink } from '../../test/smtp-sink.js';
import { INVALID_RESET_LINK as INVALID_RESET_LINK_KEY } from './password-reset.js';

// The answers by key (issue 24), as an English request reads them.
const FORGOT_PASSWORD_ANSWER = translateText('en', FORGOT_ANSWER_KEY);
const INVALID_RESET_LINK = translateText('en', INVALID_RESET_LINK_KEY);

// Password recovery through a real SMTP server: the emailed link followed to the end, the link
// refused when used, expired or wrong (writing nothing), every session ended, and the same
// answer and the same work for an address with no account.

const NEW_PASSWORD = 'lantern-orchard-velvet-92';
const RESET_SUBJECT = 'Choose a new password';
const CHANGED_SUBJECT = `Your ${CLINIC_NAME} password was changed`;

let sink: SmtpSink;
let t: TestApp;
let clock = Date.now();

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    now: () => clock,
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
    // The real limits for forgot-password (the enumeration test counts to them).
    limits: {
      passwordResetPerEmail: RATE_LIMITS.passwordResetPerEmail,
      passwordResetPerAddress: { ...RATE_LIMITS.passwordResetPerAddress, max: 1_000 },
    },
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});
beforeEach(() => {
  clock = Date.now();
});

const forgot = (email: string, client = new Client(t.app)) =>
  client.post('/api/auth/forgot-password', { email });

/** Asks for a link and answers it, with the token from the received message. */
async function resetLink(email: string, seen: ReceivedMail[] = []) {
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await receive(t, sink, email, RESET_SUBJECT, seen);
  return { mail, token: linkTo(mail, '/reset-password').searchParams.get('token')! };
}

const reset = (token: string, password = NEW_PASSWORD) =>
  new Client(t.app).post('/api/auth/reset-password', { token, password });

const signIn = (email: string, password: string) =>
  new Client(t.app).post('/api/login', { email, password });

describe('password reset from the emailed link', () => {
  it('sets the new password once, ends every session and signs nobody in', async () => {
    const patient = await registeredPatient(t);
    const otherDevice = new Client(t.app);
    const { email, password } = patient;
    expect((await otherDevice.post('/api/login', { email, password })).statusCode).toBe(200);

    const { mail, token } = await resetLink(patient.email);
    expect(mail.text).toContain('Hello Jamie,');
    expect(linkTo(mail, '/reset-password').origin).toBe('https://clinic.example');
    expectNoProfileData(mail);

    const res = await reset(token);
    expect(res.statusCode, res.body).toBe(200);
    // Never signed in by a link: no session cookie comes back.
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // Both sessions are over, at once (not when a cache expires).
    expect((await patient.client.get('/api/user')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(401);

    expect((await signIn(patient.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(patient.email, NEW_PASSWORD)).statusCode).toBe(200);

    const changed = await receive(t, sink, patient.email, CHANGED_SUBJECT);
    expectNoProfileData(changed);

    const actions = (await auditRows(t.app, { targetId: patient.id })).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.password_reset_requested', 'auth.password_reset']),
    );
  });

  it('refuses a used link and writes nothing', async () => {
    const patient = await registeredPatient(t);
    const { token } = await resetLink(patient.email);
    expect((await reset(token)).statusCode).toBe(200);
    const before = await accountState(t, patient.id);

    const again = await reset(token, 'another-long-passphrase-17');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_RESET_LINK, code: 'BAD_REQUEST' });
    expect(await accountState(t, patient.id)).toEqual(before);
    expect((await signIn(patient.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes and writes nothing', async () => {
    const patient = await registeredPatient(t);
    const { token } = await resetLink(patient.email);
    clock += 31 * 60_000;
    const before = await accountState(t, patient.id);

    const late = await reset(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(INVALID_RESET_LINK);
    expect(await accountState(t, patient.id)).toEqual(before);
    expect((await signIn(patient.email, PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a link just inside its 30 minutes', async () => {
    const patient = await registeredPatient(t);
    const { token } = await resetLink(patient.email);
    clock += PASSWORD_RESET_TTL_MS - 1_000;
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses a wrong or malformed token and writes nothing', async () => {
    const patient = await registeredPatient(t);
    await resetLink(patient.email);
    const before = await accountState(t, patient.id);

    const wrong = await reset('A'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: INVALID_RESET_LINK, code: 'BAD_REQUEST' });
    const malformed = await reset('not a token, not even close');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues).toEqual([{ path: 'token', message: 'This link is not valid' }]);
    expect(await accountState(t, patient.id)).toEqual(before);
  });

  it('keeps only the newest link working', async () => {
    const patient = await registeredPatient(t);
    const first = await resetLink(patient.email);
    const second = await resetLink(patient.email, [first.mail]);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token)).json().message).toBe(INVALID_RESET_LINK);
    expect((await reset(second.token)).statusCode).toBe(200);
  });

  it('refuses a weak password on its field and leaves the link usable', async () => {
    const patient = await registeredPatient(t);
    const { token } = await resetLink(patient.email);
    const before = await accountState(t, patient.id);

    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues).toEqual([
      { path: 'password', message: expect.stringMatching(/^This password is too common/) },
    ]);
    expect(await accountState(t, patient.id)).toEqual(before);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('gives staff a new password but no session: they sign in (and pass MFA) after', async () => {
    const staff = await createUser(t.app, 'admin_assistant');
    const { mail, token } = await resetLink(staff.email);
    expect(mail.text).toContain('Hello Test,');
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await signIn(staff.email, PASSWORD)).statusCode).toBe(401);
  });

  it('sends nothing to a deactivated account', async () => {
    const patient = await registeredPatient(t);
    await t.app.ctx.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, patient.id));
    expect((await forgot(patient.email)).json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await vi.waitFor(async () => expect(await requestsFor(null)).toBeGreaterThan(0));
    await t.app.ctx.mail.deliverDue();
    // (The address confirmation queued at registration may still go; no reset link does.)
    expect(
      sink.to(patient.email).filter((m) => m.subject.startsWith('Choose a new password')),
    ).toEqual([]);
    const { tokens } = await accountState(t, patient.id);
    expect(tokens.filter((token) => token.purpose === 'password_reset')).toEqual([]);
  });
});

/** Audit rows of forgot-password requests: for one account, or (null) for no account. */
async function requestsFor(userId: string | null): Promise<number> {
  const [row] = await t.app.ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'auth.password_reset_requested'),
        userId ? eq(auditLog.targetId, userId) : eq(auditLog.outcome, 'failure'),
      ),
    );
  return row!.n;
}

describe('no account enumeration', () => {
  it('answers a known and an unknown address alike, byte for byte', async () => {
    const patient = await registeredPatient(t);
    const known = await forgot(patient.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(res.cookies).toEqual([]);
    }
    expect(unknown.body).toBe(known.body);
    const headerNames = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((n) => n !== 'date')
        .sort();
    expect(headerNames(unknown.headers)).toEqual(headerNames(known.headers));
  });

  it('does the same work for an unknown address: the lookup and an audit row each', async () => {
    const patient = await registeredPatient(t);
    const unknownBefore = await requestsFor(null);
    const knownBefore = await requestsFor(patient.id);

    await forgot(uniqueEmail('nobody'));
    await forgot(patient.email);
    // Each request leaves exactly one row, the unknown one included (it does not stop early).
    await vi.waitFor(async () => {
      expect(await requestsFor(null)).toBe(unknownBefore + 1);
      expect(await requestsFor(patient.id)).toBe(knownBefore + 1);
    });
    await receive(t, sink, patient.email, RESET_SUBJECT);
  });

  it('counts requests for known and unknown addresses against the same limit', async () => {
    const patient = await registeredPatient(t);
    const nobody = uniqueEmail('nobody');
    const { max } = RATE_LIMITS.passwordResetPerEmail;
    for (let i = 0; i < max; i++) {
      expect((await forgot(patient.email)).statusCode).toBe(200);
      expect((await forgot(nobody)).statusCode).toBe(200);
    }
    const [known, unknown] = [await forgot(patient.email), await forgot(nobody)];
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toMatch(/^Too many password reset requests/);
    // The account's owner still gets their links: the refused ones sent nothing more.
    await vi.waitFor(async () => expect(await requestsFor(patient.id)).toBe(max));
  });
});
