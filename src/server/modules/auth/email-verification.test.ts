import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_TTL_MS,
  VERIFICATION_RESEND_MS,
} from '../../../shared/schemas/account.js';
import { accountTokens, auditLog, mailJobs, users } from '../../db/schema/index.js';
import { translateText } from '../../i18n/translate.js';
import {
  auditRows,
  PASSWORD,
  signedInAs,
  uniqueEmail,
  validRegistration,
} from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient } from '../../test/patients.js';
import { linkTo, type ReceivedMail, SmtpSink } from '../../test/smtp-sink.js';
import { INVALID_LINK as INVALID_LINK_KEY } from './email-verification.js';

// The answer by key (issue 24), as an English request reads it.
const INVALID_LINK = translateText('en', INVALID_LINK_KEY);

// Email verification through a real SMTP server (issue 13): the message sent at registration
// (staff: at account creation) is received, its link followed, and the account shows Verified.

let sink: SmtpSink;
let t: TestApp;
let clock = Date.now();

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    now: () => clock,
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});
beforeEach(() => {
  clock = Date.now();
});

const isVerification = (m: ReceivedMail) => m.subject.startsWith('Confirm your email address');

/** Sends what is due and answers the newest verification message to `email`. */
async function verificationMail(email: string, count = 1): Promise<ReceivedMail> {
  await t.app.ctx.mail.deliverDue();
  await sink.waitFor(email, () => sink.to(email).filter(isVerification).length >= count);
  return sink.to(email).filter(isVerification).at(-1)!;
}

const tokenIn = (mail: ReceivedMail) => linkTo(mail, '/verify-email').searchParams.get('token')!;

/** Everything a refused link must leave as it was. */
async function stateOf(userId: string) {
  const [user] = await t.app.ctx.db.select().from(users).where(eq(users.id, userId));
  return {
    verified: user!.emailVerified,
    tokens: await t.app.ctx.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId))
      .orderBy(asc(accountTokens.tokenHash)),
    audit: await auditRows(t.app, { targetId: userId }),
  };
}

describe('verification at registration', () => {
  it('sends a link that marks the address verified, signed out, once', async () => {
    const patient = await registerPatient(t.app);
    expect((await patient.client.get('/api/user')).json().emailVerified).toBe(false);
    const mail = await verificationMail(patient.email);
    expect(mail.text).toContain('Hello Jamie,');
    expect(mail.text).toContain('so we can reach you about your visit');
    // No date of birth, address, city or ZIP in any part of the message.
    for (const secret of ['1985', '04/12', 'Walker', 'Oklahoma City', '73103', 'Collins'])
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(secret);

    // Opened on another device: no session needed.
    const elsewhere = new Client(t.app);
    const res = await elsewhere.post('/api/auth/verify-email', { token: tokenIn(mail) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Thank you: your email address is confirmed.');
    expect((await patient.client.get('/api/user')).json().emailVerified).toBe(true);
    const rows = await auditRows(t.app, { targetId: patient.userId });
    const verified = rows.find((r) => r.action === 'auth.verify_email')!;
    expect(verified).toMatchObject({ actorId: patient.userId, patientIds: [patient.userId] });

    // The same link again: refused, nothing written.
    const before = await stateOf(patient.userId);
    const again = await elsewhere.post('/api/auth/verify-email', { token: tokenIn(mail) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: INVALID_LINK, code: 'BAD_REQUEST' });
    expect(await stateOf(patient.userId)).toEqual(before);
  });

  it('queues the message with the account: a refused registration sends nothing', async () => {
    const email = uniqueEmail('dup');
    await registerPatient(t.app, { email });
    const jobsBefore = await t.app.ctx.db.$count(mailJobs);
    const dup = await new Client(t.app).post('/api/register', {
      ...validRegistration({ email }),
    });
    expect(dup.statusCode).toBe(409);
    expect(await t.app.ctx.db.$count(mailJobs)).toBe(jobsBefore);
  });
});

describe('refused links', () => {
  it('refuses a wrong, an expired and a malformed token, writing nothing', async () => {
    const patient = await registerPatient(t.app);
    const mail = await verificationMail(patient.email);
    const before = await stateOf(patient.userId);
    const auditCount = await t.app.ctx.db.$count(auditLog);
    const anon = new Client(t.app);

    const wrong = await anon.post('/api/auth/verify-email', { token: 'A'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(INVALID_LINK);

    clock += EMAIL_VERIFICATION_TTL_MS + 1;
    const expired = await anon.post('/api/auth/verify-email', { token: tokenIn(mail) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(INVALID_LINK);

    const malformed = await anon.post('/api/auth/verify-email', { token: 'not a token!' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This link is not valid');

    expect(await stateOf(patient.userId)).toEqual(before);
    expect(await t.app.ctx.db.$count(auditLog)).toBe(auditCount);
  });
});

describe('sending the link again', () => {
  it('waits a minute between links, and a new link retires the earlier ones', async () => {
    const patient = await registerPatient(t.app);
    const first = await verificationMail(patient.email);

    const soon = await patient.client.post('/api/auth/verify-email/resend');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe('Too many confirmation emails. Please try again in 1 minute.');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);

    clock += VERIFICATION_RESEND_MS + 1;
    const resent = await patient.client.post('/api/auth/verify-email/resend');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toContain(patient.email);
    const second = await verificationMail(patient.email, 2);
    expect(tokenIn(second)).not.toBe(tokenIn(first));

    const old = await new Client(t.app).post('/api/auth/verify-email', { token: tokenIn(first) });
    expect(old.statusCode).toBe(400);
    const fresh = await patient.client.post('/api/auth/verify-email', { token: tokenIn(second) });
    expect(fresh.statusCode).toBe(200);
    expect((await patient.client.get('/api/user')).json().emailVerified).toBe(true);

    clock += VERIFICATION_RESEND_MS + 1;
    const done = await patient.client.post('/api/auth/verify-email/resend');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('Your email address is already confirmed.');
    const actions = (await auditRows(t.app, { targetId: patient.userId })).map((r) => r.action);
    expect(actions.filter((a) => a === 'auth.verify_email_resend')).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await new Client(t.app).post('/api/auth/verify-email/resend');
    expect(res.statusCode).toBe(401);
  });
});

describe('staff accounts', () => {
  it('sends the new staff member both messages; the list shows Verified once the link is followed', async () => {
    const admin = await signedInAs(t.app, 'admin');
    const email = uniqueEmail('staff');
    const created = await admin.client.post('/api/admin/users', {
      email,
      password: PASSWORD,
      firstName: 'Morgan',
      lastName: 'Reyes',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().emailVerified).toBe(false);
    const mail = await verificationMail(email);
    // Staff have no visit (issue 21): the message says what the address is for them.
    expect(mail.text).toContain('so the clinic can reach you about your staff account');
    expect(mail.text).not.toContain('visit');
    const welcome = await sink.waitFor(email, (m) => m.subject.endsWith('staff account'));
    expect(welcome.text).toContain('Hello Morgan,');
    expect(linkTo(welcome, '/login').origin).toBe('https://clinic.example');

    const listed = async () =>
      (await admin.client.get('/api/admin/users'))
        .json()
        .find((u: { email: string }) => u.email === email);
    expect((await listed()).emailVerified).toBe(false);
    const res = await new Client(t.app).post('/api/auth/verify-email', { token: tokenIn(mail) });
    expect(res.statusCode).toBe(200);
    expect((await listed()).emailVerified).toBe(true);
    const [row] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'auth.verify_email'), eq(auditLog.targetId, created.json().id)),
      );
    expect(row).toMatchObject({ actorRole: 'admin_assistant', patientIds: [] });
  });
});
