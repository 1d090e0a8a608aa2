import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receive } from '../../test/account-mail.js';
import { goodPayment, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { queuedPatient } from '../../test/journey-patients.js';
import { approveRequiredDocuments } from '../../test/patients.js';
import { linkTo, SmtpSink } from '../../test/smtp-sink.js';
import { MAIL_PATHS } from './messages.js';
import { clinicDate } from './visit-events.js';

// The fee's messages through a real SMTP server (issue 21): at payment the card is held, not
// charged (ADR 0010), and the message says so instead of "we received your payment"; the
// receipt comes when the hold is taken on approval, queued with the capture. A denial takes
// nothing and sends no receipt. Issue 22: each says what the charge holds of the OMMA state
// fee, in the mode the application was paid under, and never asks for it a second time.

let sink: SmtpSink;
let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;

const HELD = 'Your OKMMJ Telehealth fee is held on your card, not charged yet';
const RECEIPT = 'Your OKMMJ Telehealth receipt';

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({
    poolSize: 5,
    config: { SMTP_URL: sink.url, PUBLIC_URL: 'https://clinic.example' },
  });
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(async () => {
  await t?.close();
  await sink.stop();
});

const today = () => clinicDate(new Date(), t.app.ctx.config.CLINIC_TIMEZONE);

/** Seen by the doctor; the consultation has ended. Answers its outcome URL. */
async function seen(queueId: string): Promise<{ consultationId: string; url: string }> {
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
  expect(end.statusCode, end.body).toBe(200);
  const consultationId: string = start.json().consultation.id;
  return { consultationId, url: `/api/admin/consultations/${consultationId}/outcome` };
}

describe('at payment', () => {
  it('says the card is held for the amount and not charged, once per payment', async () => {
    const patient = await queuedPatient(t.app);
    // Paying again answers "already paid" and sends nothing more.
    const again = await patient.client.post('/api/process-payment', goodPayment());
    expect(again.json().alreadyPaid).toBe(true);

    const held = await receive(t, sink, patient.email, HELD);
    expect(held.text).toContain(
      `On ${today()} we placed a hold of $137.30 on your card ending in 4242. Your card has not been charged.`,
    );
    expect(held.text).toContain('taken only if the physician approves your recommendation');
    expect(held.text).toContain(
      'This amount includes the OMMA state fee ($104.30) the clinic pays for you when it submits your application, so you will not be asked to pay it again.',
    );
    expect(held.text).not.toMatch(/pay the state|state's (license )?fee/i);
    expect(held.text).not.toMatch(/received your payment|receipt for/i);
    // The last four only: never the card number, its expiry or its code.
    expect(held.text).not.toContain('4242 4242');
    expect(held.text).not.toContain('12/39');
    expect(linkTo(held, MAIL_PATHS.patientDashboard).origin).toBe('https://clinic.example');
    await t.app.ctx.mail.deliverDue();
    expect(sink.to(patient.email).filter((m) => m.subject === HELD)).toHaveLength(1);
    expect(sink.to(patient.email).filter((m) => m.subject === RECEIPT)).toEqual([]);
  });
});

describe('when the hold is taken', () => {
  it('sends the receipt once the approval captures the fee', async () => {
    const patient = await queuedPatient(t.app);
    const { consultationId, url } = await seen(patient.queueId);
    await approveRequiredDocuments(t.app, consultationId);
    const approved = await doctor.client.post(url, { approved: true, identityVerified: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().paymentStatus).toBe('captured');

    const receipt = await receive(t, sink, patient.email, RECEIPT);
    expect(receipt.text).toContain(
      `Your physician approved your recommendation, so on ${today()} we took the fee of $137.30 held on your card ending in 4242.`,
    );
    expect(receipt.text).toContain('This email is your receipt.');
    expect(receipt.text).toContain(
      'This amount includes the OMMA state fee ($104.30) the clinic pays for you when it submits your application',
    );
    expect(receipt.text).not.toContain('4242 4242');
    linkTo(receipt, MAIL_PATHS.patientDashboard);
    // Upkeep finding nothing left to capture sends nothing more.
    await t.app.ctx.mail.deliverDue();
    expect(sink.to(patient.email).filter((m) => m.subject === RECEIPT)).toHaveLength(1);
  });

  it('sends no receipt when the recommendation is not approved (the hold is released)', async () => {
    const patient = await queuedPatient(t.app);
    const { url } = await seen(patient.queueId);
    const denied = await doctor.client.post(url, { approved: false, reason: 'Not qualifying' });
    expect(denied.statusCode, denied.body).toBe(200);
    const decision = await receive(t, sink, patient.email, "The physician's decision");
    expect(decision.text).toContain('You were not charged');
    expect(sink.to(patient.email).filter((m) => m.subject === RECEIPT)).toEqual([]);
  });
});

describe('when the patient applies to OMMA (patient_submits)', () => {
  it('the hold and the receipt are for the service fee only, and say the state fee is paid to OMMA on applying', async () => {
    const admin = await signedInAs(t.app, 'master_admin');
    const fees = (await admin.client.get('/api/fees')).json();
    const body = (mode: string) => ({
      new: { standard: fees.new.standard, reduced: fees.new.reduced },
      renewal: { standard: fees.renewal.standard, reduced: fees.renewal.reduced },
      stateApplication: mode,
    });
    expect((await admin.client.put('/api/admin/fees', body('patient_submits'))).statusCode).toBe(
      200,
    );
    try {
      const patient = await queuedPatient(t.app, {
        amount: '33.00',
        stateApplicationAuthorized: undefined,
      });
      const held = await receive(t, sink, patient.email, HELD);
      expect(held.text).toContain('we placed a hold of $33.00 on your card ending in 4242');
      expect(held.text).toContain(
        'This is the service fee only; the state fee is paid to OMMA when you apply.',
      );
      expect(held.text).not.toContain('104.30');

      const { consultationId, url } = await seen(patient.queueId);
      await approveRequiredDocuments(t.app, consultationId);
      const approved = await doctor.client.post(url, { approved: true, identityVerified: true });
      expect(approved.statusCode, approved.body).toBe(200);
      const receipt = await receive(t, sink, patient.email, RECEIPT);
      expect(receipt.text).toContain('we took the fee of $33.00 held on your card ending in 4242');
      expect(receipt.text).toContain(
        'This is the service fee only; the state fee is paid to OMMA when you apply.',
      );
    } finally {
      await admin.client.put('/api/admin/fees', body('clinic_submits'));
    }
  });
});
