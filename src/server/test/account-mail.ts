import { asc, count, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { accountTokens, auditLog, mailJobs, sessions, users } from '../db/schema/index.js';
import { PASSWORD, uniqueEmail, validRegistration } from './fixtures.js';
import { Client, type TestApp } from './harness.js';
import type { ReceivedMail, SmtpSink } from './smtp-sink.js';

// What the account tests (password reset, change) share: a patient registered with a full
// profile, the wait for a message through the real SMTP server, and a picture of everything a
// refused request must leave as it was.

/** A patient who registered through the API (date of birth, address) and is signed in. */
export async function registeredPatient(t: TestApp) {
  const email = uniqueEmail('reset');
  const client = new Client(t.app);
  const res = await client.post('/api/register', validRegistration({ email }));
  expect(res.statusCode, res.body).toBe(201);
  return { client, id: res.json().user.id as string, email, password: PASSWORD };
}

/** What no message may carry: the registration's date of birth, address and last name. */
export const PROFILE_SECRETS = ['1985', '04/12', '4/12', 'Walker', '73103', 'Collins'];

export function expectNoProfileData(mail: ReceivedMail) {
  for (const secret of PROFILE_SECRETS)
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(secret);
}

/**
 * Sends what is due and waits for a message to `email` whose subject starts with `subject`
 * (the first one not in `seen`), as a person waits for an email.
 */
export async function receive(
  t: TestApp,
  sink: SmtpSink,
  email: string,
  subject: string,
  seen: ReceivedMail[] = [],
): Promise<ReceivedMail> {
  return vi.waitFor(
    async () => {
      await t.app.ctx.mail.deliverDue();
      const mail = sink.to(email).find((m) => m.subject.startsWith(subject) && !seen.includes(m));
      if (!mail) throw new Error(`no "${subject}" message to ${email} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 50 },
  );
}

/** Every row a password request could write, for one user (to prove nothing changed). */
export async function accountState(t: TestApp, userId: string) {
  const db = t.app.ctx.db;
  const [[user], tokens, [audits], [jobs], [live]] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId))
      .orderBy(asc(accountTokens.createdAt)),
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(mailJobs),
    db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)),
  ]);
  return { user, tokens, audits: audits!.n, mailJobs: jobs!.n, sessions: live!.n };
}
