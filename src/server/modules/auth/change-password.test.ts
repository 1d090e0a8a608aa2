import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_NAME } from '../../../shared/brand.js';
import { translateText } from '../../i18n/translate.js';
import { RATE_LIMITS } from '../../rate-limit/limits.js';
import {
  accountState,
  expectNoProfileData,
  receive,
  registeredPatient,
} from '../../test/account-mail.js';
import { auditRows, PASSWORD, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { SmtpSink } from '../../test/smtp-sink.js';
import { SAME_PASSWORD as SAME, WRONG_CURRENT_PASSWORD as WRONG } from './change-password.js';

// The answers by key (issue 24), as an English request reads them.
const SAME_PASSWORD = translateText('en', SAME);
const WRONG_CURRENT_PASSWORD = translateText('en', WRONG);

// Changing the password from the profile: the current password checked (and throttled like a
// sign-in), the new one checked as at registration, every other session ended while this one
// goes on, and the "password changed" message received through a real SMTP server.

const NEW_PASSWORD = 'lantern-orchard-velvet-92';
const CHANGED_SUBJECT = `Your ${CLINIC_NAME} password was changed`;

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
    limits: { loginPerAccountAddress: RATE_LIMITS.loginPerAccountAddress },
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const change = (client: Client, currentPassword: string, newPassword = NEW_PASSWORD) =>
  client.post('/api/auth/change-password', { currentPassword, newPassword });

const signIn = (email: string, password: string) =>
  new Client(t.app).post('/api/login', { email, password });

describe('POST /api/auth/change-password', () => {
  it('changes the password, ends the other sessions, keeps this one and sends a notice', async () => {
    const patient = await registeredPatient(t);
    const otherDevice = new Client(t.app);
    expect(
      (await otherDevice.post('/api/login', { email: patient.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const cookieBefore = patient.client.cookie;

    const res = await change(patient.client, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    // This browser goes on, with a new session token; the old token is over.
    expect(patient.client.cookie).not.toBe(cookieBefore);
    expect((await patient.client.get('/api/user')).json().email).toBe(patient.email);
    const stale = new Client(t.app);
    stale.cookie = cookieBefore;
    expect((await stale.get('/api/user')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(401);

    expect((await signIn(patient.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(patient.email, NEW_PASSWORD)).statusCode).toBe(200);

    const mail = await receive(t, sink, patient.email, CHANGED_SUBJECT);
    expect(mail.text).toContain('Hello Jamie,');
    // Sent from a no-reply address: it must not ask for a reply (issue 21).
    expect(mail.parsed.from?.text).toContain('no-reply@');
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/\brepl(y|ying)\b to/i);
    expect(mail.text).toContain('This address does not receive replies.');
    expect(mail.text).toContain('choose a new password now with the button below');
    expectNoProfileData(mail);
    const actions = (await auditRows(t.app, { targetId: patient.id })).map((r) => r.action);
    expect(actions).toContain('auth.password_changed');
  });

  it('refuses a wrong current password on its field and writes only the failed attempt', async () => {
    const patient = await registeredPatient(t);
    const before = await accountState(t, patient.id);
    const res = await change(patient.client, 'not-my-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      issues: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
    });
    const after = await accountState(t, patient.id);
    expect({ ...after, audits: before.audits }).toEqual(before);
    expect(after.audits).toBe(before.audits + 1); // auth.password_change_failed
    expect((await patient.client.get('/api/user')).statusCode).toBe(200);
  });

  it('throttles wrong current passwords like sign-in attempts', async () => {
    const patient = await registeredPatient(t);
    const { max } = RATE_LIMITS.loginPerAccountAddress;
    for (let i = 0; i < max; i++)
      expect((await change(patient.client, `wrong-${i}`)).statusCode).toBe(400);
    const throttled = await change(patient.client, PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/^Too many sign-in attempts/);
    expect((await signIn(patient.email, PASSWORD)).statusCode).toBe(429);
  });

  it('checks the new password as registration does, writing nothing', async () => {
    const patient = await registeredPatient(t);
    const before = await accountState(t, patient.id);
    const weak = await change(patient.client, PASSWORD, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues).toEqual([
      { path: 'newPassword', message: expect.stringMatching(/^This password is too common/) },
    ]);
    const short = await change(patient.client, PASSWORD, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].path).toBe('newPassword');
    const same = await change(patient.client, PASSWORD, PASSWORD);
    expect(same.json().issues).toEqual([{ path: 'newPassword', message: SAME_PASSWORD }]);
    expect(await accountState(t, patient.id)).toEqual(before);
  });

  it('works for staff, whose console session goes on', async () => {
    const staff = await signedInAs(t.app, 'doctor');
    expect((await change(staff.client, PASSWORD)).statusCode).toBe(200);
    expect((await staff.client.get('/api/user')).json().role).toBe('doctor');
    await receive(t, sink, staff.email, CHANGED_SUBJECT);
  });

  it('needs a signed-in user', async () => {
    const res = await change(new Client(t.app), PASSWORD);
    expect(res.statusCode).toBe(401);
  });
});
