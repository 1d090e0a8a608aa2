import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_NOT_VERIFIED_MESSAGE,
  OMMA_REGISTRATION_REQUIRED_MESSAGE,
} from '../../../shared/omma.js';
import { consultations, documents } from '../../db/schema/index.js';
import {
  auditRows,
  clinicDayFromToday,
  type OmmaFixture,
  signedInAs,
  TEST_OMMA_REGISTRATION,
} from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  approveRequiredDocuments,
  type PaidPatient,
  paidPatient,
  paymentsOf,
} from '../../test/patients.js';

// Oklahoma's conditions on an approval (SB 1066, 2025; issue 12): the physician confirms the
// patient's identity was checked, and the signing physician holds a current OMMA registration.
// A refused approval writes nothing: the application stays undecided, no recommendation is
// delivered and the held fee is neither captured nor released.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
});
afterAll(() => t.close());

type Doctor = { client: Client; id: string };

const doctorWith = (omma: OmmaFixture | null | undefined) =>
  signedInAs(t.app, 'doctor', omma === undefined ? {} : { omma });

/** A paid patient seen by the doctor; the consultation has ended and awaits its outcome. */
async function endedConsultation(doctor: Doctor) {
  const patient = await paidPatient(t.app);
  const queueId = patient.queue.id!;
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
  expect(end.statusCode, end.body).toBe(200);
  const ended = await decisionRows(patient);
  expect(ended.application.status).toBe('in_review');
  expect(ended.payment.status).toBe('authorized');
  // The documents are approved: this file is about the other two refusals (ADR 0012).
  await approveRequiredDocuments(t.app, start.json().consultation.id);
  return { patient, consultationId: start.json().consultation.id as string, ended };
}

/** What a decision writes: the application, the payment and the delivered recommendation. */
async function decisionRows(patient: PaidPatient) {
  const [application] = await applicationsOf(t.app, patient.patientId);
  const [payment] = await paymentsOf(t.app, patient.patientId);
  const docs = await t.app.ctx.db
    .select()
    .from(documents)
    .where(eq(documents.patientId, patient.patientId));
  return {
    application: application!,
    payment: payment!,
    recommendations: docs.filter((d) => d.category === 'physician_recommendation'),
  };
}

const outcomeUrl = (consultationId: string) => `/api/admin/consultations/${consultationId}/outcome`;

/** Nothing of a decision was written: the rows are as the ended consultation left them. */
async function expectUndecided(ended: Awaited<ReturnType<typeof endedConsultation>>) {
  const now = await decisionRows(ended.patient);
  expect(now).toEqual(ended.ended);
  expect(now.recommendations).toEqual([]);
  const [consultation] = await t.app.ctx.db
    .select()
    .from(consultations)
    .where(eq(consultations.id, ended.consultationId));
  expect(consultation).toMatchObject({ outcome: null, outcomeBy: null, identityVerifiedAt: null });
  const actions = (await auditRows(t.app, { targetId: ended.consultationId })).map((r) => r.action);
  expect(actions).not.toContain('consultation.approve');
}

/** Text of a PDF as poppler reads it (Debian's poppler-utils). */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe("the patient's identity must be confirmed before an approval", () => {
  it.each([
    ['without the confirmation', { approved: true }],
    ['with it unchecked', { approved: true, identityVerified: false }],
  ])('refuses an approval %s with 400 and the field named; nothing is written', async (_, body) => {
    const doctor = await doctorWith(undefined);
    const ended = await endedConsultation(doctor);
    const res = await doctor.client.post(outcomeUrl(ended.consultationId), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: IDENTITY_NOT_VERIFIED_MESSAGE,
      issues: [{ path: 'identityVerified', message: IDENTITY_NOT_VERIFIED_MESSAGE }],
    });
    await expectUndecided(ended);
  });

  it('records a refusal without the identity check or a registration', async () => {
    const doctor = await doctorWith(null);
    const { patient, consultationId } = await endedConsultation(doctor);
    const res = await doctor.client.post(outcomeUrl(consultationId), {
      approved: false,
      reason: 'No qualifying condition documented',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [application] = await applicationsOf(t.app, patient.patientId);
    expect(application!.status).toBe('rejected');
    const [consultation] = await t.app.ctx.db
      .select()
      .from(consultations)
      .where(eq(consultations.id, consultationId));
    expect(consultation).toMatchObject({ outcome: 'not_approved', identityVerifiedAt: null });
  });
});

describe("the signing physician's OMMA registration", () => {
  it.each([
    ['missing', null],
    [
      'expired yesterday',
      () => ({ number: 'PHY-OK-0001', expiresOn: clinicDayFromToday(t.app, -1) }),
    ],
    ['without a number', () => ({ number: ' ', expiresOn: clinicDayFromToday(t.app, 200) })],
  ] as const)('refuses an approval when it is %s: 403, nothing written', async (_, omma) => {
    const doctor = await doctorWith(typeof omma === 'function' ? omma() : omma);
    const ended = await endedConsultation(doctor);
    const res = await doctor.client.post(outcomeUrl(ended.consultationId), {
      approved: true,
      identityVerified: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OMMA_REGISTRATION_REQUIRED_MESSAGE);
    await expectUndecided(ended);
  });

  it.each([
    ['expiring in 10 days', 10],
    ['on its last valid day', 0],
  ])('accepts an approval from a registration %s', async (_, days) => {
    const doctor = await doctorWith({
      number: 'PHY-OK-0010',
      expiresOn: clinicDayFromToday(t.app, days),
    });
    const { patient, consultationId } = await endedConsultation(doctor);
    const res = await doctor.client.post(outcomeUrl(consultationId), {
      approved: true,
      identityVerified: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await applicationsOf(t.app, patient.patientId))[0]!.status).toBe('approved');
  });

  it('approves with a current one: stores the identity check, audits it, prints the registration', async () => {
    const doctor = await doctorWith(undefined);
    const { patient, consultationId } = await endedConsultation(doctor);
    const before = Date.now();
    const res = await doctor.client.post(outcomeUrl(consultationId), {
      approved: true,
      identityVerified: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applicationStatus: 'approved', paymentStatus: 'captured' });

    const [consultation] = await t.app.ctx.db
      .select()
      .from(consultations)
      .where(eq(consultations.id, consultationId));
    expect(consultation!.outcome).toBe('approved');
    expect(consultation!.identityVerifiedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consultation!.identityVerifiedAt).toEqual(consultation!.outcomeAt);
    const approval = (await auditRows(t.app, { targetId: consultationId })).find(
      (r) => r.action === 'consultation.approve',
    );
    expect(approval).toMatchObject({ actorId: doctor.id, details: { identityVerified: true } });

    const pdf = await patient.client.get(`/api/patient/documents/${res.json().documentId}/view`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toMatch(new RegExp(`OMMA registration\\s+${TEST_OMMA_REGISTRATION}`));
    expect(text).toMatch(new RegExp(`OMMA valid through\\s+${clinicDayFromToday(t.app, 365)}`));
    expect(text).toContain('OK-12345'); // license number beside it
  });

  // The recommendation is issued over the consultation doctor's name and registration, so a
  // doctor admin deciding it is held to that doctor's registration (outcome.ts).
  it("holds a doctor admin deciding a doctor's consultation to that doctor's registration", async () => {
    const doctorAdmin = await signedInAs(t.app, 'doctor_admin');
    const unregistered = await doctorWith(null);
    const refused = await endedConsultation(unregistered);
    const res = await doctorAdmin.client.post(outcomeUrl(refused.consultationId), {
      approved: true,
      identityVerified: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OMMA_REGISTRATION_REQUIRED_MESSAGE);
    await expectUndecided(refused);

    const registered = await doctorWith(undefined);
    const accepted = await endedConsultation(registered);
    const ok = await doctorAdmin.client.post(outcomeUrl(accepted.consultationId), {
      approved: true,
      identityVerified: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
