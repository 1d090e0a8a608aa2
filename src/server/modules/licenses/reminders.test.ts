import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates.js';
import { addDays } from '../../../shared/state-application.js';
import { auditLog, patientLicenses, stateApplications } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient, type TestPatient } from '../../test/patients.js';
import { type ReceivedMail, SmtpSink } from '../../test/smtp-sink.js';
import { afterLicenseChanged } from './events.js';
import { runLicenceReminders } from './reminders.js';

// The licence's reminders (issue 22) through a real SMTP server, on the server's injected
// clock: renewal reminders 60, 30 and 7 days before expiry, once each, even with two nodes'
// upkeep racing; at once when an expiry is entered inside a window; and in patient_submits the
// reminders to apply to OMMA 20 and 27 days after signing, which stop once the patient applied.

const DAY = 86_400_000;
let clock = Date.now();
let sink: SmtpSink;
let t: TestApp;
/** A second node on the same database, for the race. */
let other: TestApp;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  // Two nodes of one clinic: one database and one document key (queued mail is sealed with it).
  const config = {
    SMTP_URL: sink.url,
    PUBLIC_URL: 'https://clinic.example',
    DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  t = await createTestApp({ poolSize: 5, config, now: () => clock });
  other = await createTestApp({ database: t.database, config, now: () => clock });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await sink.stop();
});

const today = () => todayIso(t.app.ctx.config.CLINIC_TIMEZONE, new Date(clock));
const advance = (days: number) => {
  clock += days * DAY;
};
const LICENCE_NUMBER = 'PAAA-1234-5678';

/** Runs an upkeep pass and sends what it queued; answers the patient's new messages. */
async function pass(patient: TestPatient, seen: ReceivedMail[]): Promise<ReceivedMail[]> {
  await runLicenceReminders(t.app.ctx);
  await t.app.ctx.mail.deliverDue();
  return newMail(patient, seen);
}

/** The patient's new messages, past the address confirmation sent at registration. */
function newMail(patient: TestPatient, seen: ReceivedMail[]): ReceivedMail[] {
  const fresh = sink
    .to(patient.email)
    .filter((m) => !seen.includes(m) && !m.subject.startsWith('Confirm your email'));
  seen.push(...fresh);
  for (const m of fresh) {
    const body = `${m.subject}\n${m.text}\n${m.html}`;
    expect(body).not.toContain(LICENCE_NUMBER);
    expect(body).not.toContain('Collins');
    expect(m.text).toContain('Hello Jamie,');
  }
  return fresh;
}

async function licensedPatient(expiresInDays: number) {
  const patient = await registerPatient(t.app);
  const [licence] = await t.app.ctx.db
    .insert(patientLicenses)
    .values({
      patientId: patient.patientId,
      licenseNumber: LICENCE_NUMBER,
      issuedOn: addDays(today(), expiresInDays - 730),
      expiresOn: addDays(today(), expiresInDays),
      source: 'patient',
    })
    .returning();
  return { ...patient, licenceId: licence!.id };
}

const remindersSent = async (licenceId: string) =>
  (await t.app.ctx.db.select().from(patientLicenses).where(eq(patientLicenses.id, licenceId)))[0]!
    .remindersSent;

const reminderAudits = (targetId: string) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'license.reminder'), eq(auditLog.targetId, targetId)));

describe('renewal reminders', () => {
  it('arrive 60, 30 and 7 days before expiry, once each, saying renew', async () => {
    const patient = await licensedPatient(61);
    const seen: ReceivedMail[] = [];
    expect(await pass(patient, seen)).toEqual([]);

    advance(1); // 60 days left
    const first = await pass(patient, seen);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toMatch(/renew/i);
    expect(first[0]!.text).toContain('expires in 60 days');
    expect(first[0]!.links.some((l) => new URL(l).pathname === '/patient/dashboard')).toBe(true);
    expect(await pass(patient, seen)).toEqual([]);

    advance(29); // 31 days left
    expect(await pass(patient, seen)).toEqual([]);
    advance(1); // 30
    const second = await pass(patient, seen);
    expect(second.map((m) => m.text.includes('expires in 30 days'))).toEqual([true]);
    expect(await pass(patient, seen)).toEqual([]);

    advance(23); // 7
    const third = await pass(patient, seen);
    expect(third.map((m) => m.text.includes('expires in 7 days'))).toEqual([true]);
    advance(1);
    expect(await pass(patient, seen)).toEqual([]);
    expect(await remindersSent(patient.licenceId)).toEqual([60, 30, 7]);
    expect(await reminderAudits(patient.licenceId)).toHaveLength(3);
  });

  it('go once when two nodes run upkeep at the same moment', async () => {
    const patient = await licensedPatient(30);
    const seen: ReceivedMail[] = [];
    const [a, b] = await Promise.all([
      runLicenceReminders(t.app.ctx),
      runLicenceReminders(other.app.ctx),
    ]);
    expect(a.renewal + b.renewal).toBe(1);
    await Promise.all([t.app.ctx.mail.deliverDue(), other.app.ctx.mail.deliverDue()]);
    expect(newMail(patient, seen)).toHaveLength(1);
    // Claimed once: one audit row, both thresholds reached marked once.
    expect(await reminderAudits(patient.licenceId)).toHaveLength(1);
    expect(await remindersSent(patient.licenceId)).toEqual([60, 30]);
  });

  it('go at once when an expiry is entered inside a window: one mail for the most urgent', async () => {
    const patient = await licensedPatient(20);
    const seen: ReceivedMail[] = [];
    await afterLicenseChanged(t.app.ctx, patient.patientId);
    await t.app.ctx.mail.deliverDue();
    const mails = newMail(patient, seen);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('expires in 20 days');
    expect(await remindersSent(patient.licenceId)).toEqual([60, 30]);
    // Told again (the same expiry saved twice): nothing more.
    await afterLicenseChanged(t.app.ctx, patient.patientId);
    expect(await pass(patient, seen)).toEqual([]);

    // A renewed licence: the expiry moves two years on and its reminders start afresh.
    await t.app.ctx.db
      .update(patientLicenses)
      .set({ expiresOn: addDays(today(), 50), remindersSent: [] })
      .where(eq(patientLicenses.id, patient.licenceId));
    await afterLicenseChanged(t.app.ctx, patient.patientId);
    await t.app.ctx.mail.deliverDue();
    expect(newMail(patient, seen).map((m) => m.text.includes('expires in 50 days'))).toEqual([
      true,
    ]);
  });

  it('leave alone a licence far from expiry, and one already expired', async () => {
    const far = await licensedPatient(200);
    const expired = await licensedPatient(-3);
    await afterLicenseChanged(t.app.ctx, far.patientId);
    await afterLicenseChanged(t.app.ctx, expired.patientId);
    expect(await pass(far, [])).toEqual([]);
    expect(await pass(expired, [])).toEqual([]);
    expect(await remindersSent(expired.licenceId)).toEqual([]);
  });
});

describe('reminders to apply to OMMA (patient_submits)', () => {
  async function signedPatient(mode: 'patient_submits' | 'clinic_submits' = 'patient_submits') {
    const patient = await registerPatient(t.app);
    const created = await patient.client.post('/api/applications', { type: 'new' });
    expect(created.statusCode, created.body).toBe(201);
    const signedOn = today();
    const [row] = await t.app.ctx.db
      .insert(stateApplications)
      .values({
        applicationId: created.json().id,
        patientId: patient.patientId,
        mode,
        signedOn,
        submitBy: addDays(signedOn, 30),
      })
      .returning();
    return { ...patient, stateApplicationId: row!.id, signedOn };
  }

  it('arrive 20 and 27 days after signing, once each, with the last day to apply', async () => {
    const patient = await signedPatient();
    const clinicSubmits = await signedPatient('clinic_submits');
    const seen: ReceivedMail[] = [];
    advance(19);
    expect(await pass(patient, seen)).toEqual([]);
    advance(1); // day 20
    const first = await pass(patient, seen);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toContain('Apply to OMMA');
    expect(first[0]!.text).toContain('in 10 days');
    expect(first[0]!.text).toContain('the state fee is paid to OMMA when you apply');
    expect(await pass(patient, seen)).toEqual([]);
    advance(7); // day 27
    expect((await pass(patient, seen)).map((m) => m.text.includes('in 3 days'))).toEqual([true]);
    advance(1);
    expect(await pass(patient, seen)).toEqual([]);
    // The clinic applies for its own patients: they are not told to.
    expect(await pass(clinicSubmits, [])).toEqual([]);
  });

  it('stop once the patient said they applied', async () => {
    const patient = await signedPatient();
    const seen: ReceivedMail[] = [];
    advance(20);
    expect(await pass(patient, seen)).toHaveLength(1);
    // What POST /api/patient/state-application records.
    await t.app.ctx.db
      .update(stateApplications)
      .set({ status: 'submitted', submittedOn: today() })
      .where(eq(stateApplications.id, patient.stateApplicationId));
    advance(7);
    expect(await pass(patient, seen)).toEqual([]);
    advance(10); // the window has passed: nothing either
    expect(await pass(patient, seen)).toEqual([]);
  });
});
