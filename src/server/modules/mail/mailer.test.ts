import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLINIC_NAME } from '../../../shared/brand.js';
import { mailJobs, patientProfiles, users } from '../../db/schema/index.js';
import { createUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { SmtpSink } from '../../test/smtp-sink.js';
import { retryDelayMs } from './mailer.js';
import { MAIL_PATHS, type MailMessage } from './messages.js';

// The mail queue against a real SMTP server: every kind of message arrives with both parts,
// the clinic's name and no patient data; an outage delays a message, never loses or doubles it.

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

/** A patient whose profile holds everything a message must never carry. */
async function patient() {
  const { id, email } = await createUser(t.app, 'patient');
  const firstName = `Avery${randomBytes(2).toString('hex')}`;
  await t.app.ctx.db.update(users).set({ firstName }).where(eq(users.id, id));
  await t.app.ctx.db
    .update(patientProfiles)
    .set({
      firstName,
      lastName: 'Quillfeather',
      dateOfBirth: '1979-03-14',
      address: '4417 Larkspur Lane',
      city: 'Tahlequah',
      zipCode: '74464',
    })
    .where(eq(patientProfiles.userId, id));
  return { id, email, firstName };
}

const EVERY_MESSAGE: MailMessage[] = [
  { kind: 'verify_email', token: 'v'.repeat(43) },
  { kind: 'password_reset', token: 'r'.repeat(43) },
  { kind: 'password_changed' },
  { kind: 'payment_receipt', amountCents: 12_950, paidOn: '2026-11-24', last4: '4242' },
  {
    kind: 'payment_captured',
    amountCents: 12_950,
    capturedOn: '2026-11-25',
    last4: '4242',
  },
  { kind: 'queue_next' },
  { kind: 'physician_on_duty' },
  { kind: 'physician_ready', roomId: 'room-abc' },
  { kind: 'decision_approved' },
  { kind: 'decision_not_approved', moneyBack: 'released' },
  { kind: 'document_rejected' },
  { kind: 'staff_account_created' },
];

describe('mail through SMTP', () => {
  it('delivers every kind of message with a text and an HTML part, the clinic and the first name only', async () => {
    const p = await patient();
    for (const message of EVERY_MESSAGE)
      expect(
        await t.app.ctx.mail.queue(t.app.ctx.db, {
          userId: p.id,
          message,
          dedupeKey: `test:${message.kind}:${p.id}`,
        }),
      ).toBe(true);
    const { sent } = await t.app.ctx.mail.deliverDue();
    expect(sent).toBe(EVERY_MESSAGE.length);
    const got = sink.to(p.email);
    expect(got).toHaveLength(EVERY_MESSAGE.length);
    for (const mail of got) {
      expect(mail.text).toContain(`Hello ${p.firstName},`);
      expect(mail.text).toContain(CLINIC_NAME);
      expect(mail.html).toContain(CLINIC_NAME);
      expect(mail.html).toContain(p.firstName);
      expect(mail.parsed.from?.text).toContain(`no-reply@clinic.example`);
      // Links bring people to the portal, never elsewhere.
      for (const link of mail.links) expect(link.startsWith('https://clinic.example/')).toBe(true);
      for (const secret of ['Quillfeather', '1979', '03/14', 'Larkspur', 'Tahlequah', '74464'])
        expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(secret);
    }
    const reset = got.find((m) => m.subject.startsWith('Choose a new password'))!;
    expect(reset.links).toContain(
      `https://clinic.example${MAIL_PATHS.resetPassword}?token=${'r'.repeat(43)}`,
    );
    const receipt = got.find((m) => m.subject.includes('receipt'))!;
    expect(receipt.text).toContain('fee of $129.50 held on your card ending in 4242');
    const held = got.find((m) => m.subject.includes('held on your card'))!;
    expect(held.text).toContain('On November 24, 2026 we placed a hold of $129.50');
  });

  it('keeps the message sealed in the database: no address, name or link in the clear', async () => {
    const p = await patient();
    await t.app.ctx.mail.queue(t.app.ctx.db, {
      userId: p.id,
      message: { kind: 'password_reset', token: 's'.repeat(43) },
      dedupeKey: `sealed:${p.id}`,
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(mailJobs)
      .where(eq(mailJobs.dedupeKey, `sealed:${p.id}`));
    for (const clear of [p.email, p.firstName, 's'.repeat(20)])
      expect(row!.sealed).not.toContain(clear);
    await t.app.ctx.mail.deliverDue();
  });

  it('queues one message per event and recipient', async () => {
    const p = await patient();
    const mail = {
      userId: p.id,
      message: { kind: 'decision_approved' } as const,
      dedupeKey: `once:${p.id}`,
    };
    expect(await t.app.ctx.mail.queue(t.app.ctx.db, mail)).toBe(true);
    expect(await t.app.ctx.mail.queue(t.app.ctx.db, mail)).toBe(false);
    await t.app.ctx.mail.deliverDue();
    await t.app.ctx.mail.deliverDue();
    expect(sink.to(p.email)).toHaveLength(1);
  });

  it('skips queue reminders a patient turned off, never the transactional messages', async () => {
    const p = await patient();
    await t.app.ctx.db.update(users).set({ queueReminders: false }).where(eq(users.id, p.id));
    const queue = (message: MailMessage) =>
      t.app.ctx.mail.queue(t.app.ctx.db, {
        userId: p.id,
        message,
        dedupeKey: `optout:${message.kind}:${p.id}`,
      });
    expect(await queue({ kind: 'queue_next' })).toBe(false);
    expect(await queue({ kind: 'physician_on_duty' })).toBe(false);
    expect(await queue({ kind: 'physician_ready', roomId: 'room-abc' })).toBe(true);
    await t.app.ctx.mail.deliverDue();
    expect(sink.to(p.email).map((m) => m.subject)).toEqual(['Your physician is ready — join now']);
  });

  it('sends nothing to a deactivated account', async () => {
    const p = await patient();
    await t.app.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, p.id));
    expect(
      await t.app.ctx.mail.queue(t.app.ctx.db, {
        userId: p.id,
        message: { kind: 'decision_approved' },
        dedupeKey: `gone:${p.id}`,
      }),
    ).toBe(false);
  });

  it('is rolled back with the transaction that queued it', async () => {
    const p = await patient();
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await t.app.ctx.mail.queue(tx, {
          userId: p.id,
          message: { kind: 'decision_approved' },
          dedupeKey: `rollback:${p.id}`,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(
      await t.app.ctx.db
        .select()
        .from(mailJobs)
        .where(eq(mailJobs.dedupeKey, `rollback:${p.id}`)),
    ).toEqual([]);
  });

  it('delivers a message queued while the SMTP server is down once it is back, exactly once', async () => {
    const p = await patient();
    await t.app.ctx.mail.deliverDue(); // nothing else pending
    const port = sink.port;
    await sink.stop();
    await t.app.ctx.mail.queue(t.app.ctx.db, {
      userId: p.id,
      message: { kind: 'physician_ready', roomId: 'room-abc' },
      dedupeKey: `outage:${p.id}`,
    });
    expect(await t.app.ctx.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await t.app.ctx.db
      .select()
      .from(mailJobs)
      .where(eq(mailJobs.dedupeKey, `outage:${p.id}`));
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toMatch(/^ECONNECTION|^ESOCKET|^ECONNREFUSED/);
    expect(row!.nextAttemptAt.getTime()).toBe(clock + retryDelayMs(1));

    await sink.start(port);
    // Not before its retry time...
    expect(await t.app.ctx.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    // ...then once.
    clock += retryDelayMs(1);
    expect(await t.app.ctx.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.ctx.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(sink.to(p.email)).toHaveLength(1);
  });

  it('backs off from 30 seconds, doubling, up to an hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('the development outbox', () => {
  it('keeps messages on disk without SMTP_URL and lists them at /api/dev/mail', async () => {
    const dev = await createTestApp({ config: { NODE_ENV: 'development' } });
    try {
      const { id, email } = await createUser(dev.app, 'patient');
      await dev.app.ctx.mail.queue(dev.app.ctx.db, {
        userId: id,
        message: { kind: 'password_reset', token: 'o'.repeat(43) },
        dedupeKey: `outbox:${id}`,
      });
      await dev.app.ctx.mail.deliverDue();
      const res = await dev.app.inject({ method: 'GET', url: '/api/dev/mail' });
      expect(res.statusCode).toBe(200);
      const [newest] = res.json().messages;
      expect(newest).toMatchObject({
        to: email,
        subject: `Choose a new password for ${CLINIC_NAME}`,
      });
      expect(newest.text).toContain(
        `http://127.0.0.1:3000${MAIL_PATHS.resetPassword}?token=${'o'.repeat(43)}`,
      );
    } finally {
      await dev.close();
    }
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({
      config: {
        NODE_ENV: 'production',
        SMTP_URL: sink.url,
        DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      },
    });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
