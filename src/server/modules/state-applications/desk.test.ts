import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates.js';
import { addDays, addYears, submitByFor } from '../../../shared/state-application.js';
import { mailJobs, patientLicenses } from '../../db/schema/index.js';
import {
  type ApprovedPatient,
  approvedPatient,
  STATE_FEE_CENTS,
  stateApplicationRow,
} from '../../test/desk-patients.js';
import { centerUpload, TINY_JPEG, TINY_PNG } from '../../test/files.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import { type ReceivedMail, SmtpSink } from '../../test/smtp-sink.js';

// The State Applications desk (issue 22) through its routes, on real approvals: opened at
// approval, listed by urgency, submitted, decided by OMMA (licence, or a rejection that the
// patient's upload sends back to the desk), the card mailed; each step audited and told to the
// patient by a mail that says "sign in to read" and nothing more.

const BASE = '/api/admin/state-applications';
let sink: SmtpSink;
let t: TestApp;
let doctor: Client;
let desk: Awaited<ReturnType<typeof signedInAs>>;
let today: string;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({ poolSize: 5, config: { SMTP_URL: sink.url } });
  doctor = (await signedInAs(t.app, 'doctor')).client;
  desk = await signedInAs(t.app, 'admin_assistant');
  today = todayIso(t.app.ctx.config.CLINIC_TIMEZONE);
});
afterAll(async () => {
  await t?.close();
  await sink.stop();
});

/** What no desk mail may carry: OMMA's reason, document names, numbers, the patient's data. */
const NEVER_IN_MAIL = [
  'Collins',
  '1985',
  'Walker',
  'PAT-',
  'OK-LIC',
  'blurry',
  'Photo',
  'residency',
];

async function mailsTo(email: string, subjectPart: string): Promise<ReceivedMail[]> {
  await t.app.ctx.mail.deliverDue();
  const got = sink.to(email).filter((m) => m.subject.includes(subjectPart));
  for (const mail of got) {
    const body = `${mail.subject}\n${mail.text}\n${mail.html}`;
    for (const secret of NEVER_IN_MAIL) expect(body, mail.subject).not.toContain(secret);
    expect(mail.text).toContain('Hello Jamie,');
    expect(mail.links.some((l) => l.endsWith('/patient/dashboard'))).toBe(true);
  }
  return got;
}

const submittedBody = (over: Record<string, unknown> = {}) => ({
  ommaApplicationNumber: 'PAT-2026-0042',
  submittedOn: today,
  stateFeeReference: 'OMMA-PAY-7781',
  ...over,
});

describe('approval opens the state application', () => {
  it('in clinic_submits: preparing, 30 days from the signature, the state fee held', async () => {
    const patient = await approvedPatient(t, doctor);
    const row = await stateApplicationRow(t, patient.stateApplicationId);
    expect(row).toMatchObject({
      mode: 'clinic_submits',
      status: 'preparing',
      signedOn: today,
      submitBy: submitByFor(today),
      stateFeeCents: STATE_FEE_CENTS,
      stateFeeStatus: 'held',
    });
    const opened = (await auditRows(t.app, { targetId: row.id })).map((r) => r.action);
    expect(opened).toEqual(['state_application.open']);
  });

  it('in patient_submits: recorded with no state fee, off the desk, and the desk refuses it', async () => {
    const patient = await approvedPatient(t, doctor, { mode: 'patient_submits' });
    const row = await stateApplicationRow(t, patient.stateApplicationId);
    expect(row).toMatchObject({
      mode: 'patient_submits',
      stateFeeCents: 0,
      stateFeeStatus: 'none',
    });
    const list = (await desk.client.get(BASE)).json();
    expect(list.applications.map((r: { id: string }) => r.id)).not.toContain(row.id);
    const res = await desk.client.post(`${BASE}/${row.id}/submitted`, submittedBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('The patient applies to OMMA themselves');
  });
});

describe('the list and the detail', () => {
  it('lists by days left, and the detail is an audited read with OMMA form details', async () => {
    const later = await approvedPatient(t, doctor);
    const sooner = await approvedPatient(t, doctor);
    // Signed 25 days ago: 5 days left, first on the list.
    await t.app.ctx.db.execute(
      `update state_applications set signed_on = '${addDays(today, -25)}', submit_by = '${addDays(today, 5)}' where id = '${sooner.stateApplicationId}'`,
    );
    const res = await desk.client.get(BASE);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().applications.map((r: { id: string }) => r.id);
    expect(ids.indexOf(sooner.stateApplicationId)).toBeLessThan(
      ids.indexOf(later.stateApplicationId),
    );
    expect(
      res.json().applications.find((r: { id: string }) => r.id === sooner.stateApplicationId),
    ).toEqual({
      id: sooner.stateApplicationId,
      applicationId: sooner.applicationId,
      patientName: 'Jamie Collins',
      status: 'preparing',
      submitBy: addDays(today, 5),
      daysLeft: 5,
    });

    const detail = await desk.client.get(`${BASE}/${later.stateApplicationId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      status: 'preparing',
      mode: 'clinic_submits',
      applicationType: 'new',
      patient: {
        firstName: 'Jamie',
        lastName: 'Collins',
        dateOfBirth: '1985-04-12',
        email: later.email,
      },
      checklist: [],
      rejection: null,
      license: null,
      stateFee: { cents: STATE_FEE_CENTS, status: 'held' },
    });
    const reads = await auditRows(t.app, { targetId: later.stateApplicationId });
    expect(reads.at(-1)).toMatchObject({
      action: 'patient_data.read',
      actorId: desk.id,
      patientIds: [later.userId],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await desk.client.get(`${BASE}/6f1c7a64-0000-4000-8000-000000000000`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'State application not found', code: 'NOT_FOUND' });
    expect((await desk.client.get(`${BASE}/not-an-id`)).statusCode).toBe(400);
  });

  it('refuses doctors and doctor admins (403), and saves the checklist', async () => {
    const patient = await approvedPatient(t, doctor);
    for (const role of ['doctor', 'doctor_admin'] as const) {
      const other = await signedInAs(t.app, role);
      expect((await other.client.get(BASE)).statusCode).toBe(403);
      const put = await other.client.put(`${BASE}/${patient.stateApplicationId}/checklist`, {
        checked: ['id_valid'],
      });
      expect(put.statusCode).toBe(403);
    }
    const bad = await desk.client.put(`${BASE}/${patient.stateApplicationId}/checklist`, {
      checked: ['id_valid', 'looks_fine'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('checked.1');
    expect((await stateApplicationRow(t, patient.stateApplicationId)).checklist).toEqual([]);
    const ok = await desk.client.put(`${BASE}/${patient.stateApplicationId}/checklist`, {
      checked: ['id_valid', 'photo_valid'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().checklist).toEqual(['id_valid', 'photo_valid']);
  });
});

describe('submitted → OMMA approved → card mailed', () => {
  let patient: ApprovedPatient;
  beforeAll(async () => {
    patient = await approvedPatient(t, doctor);
  });

  it('refuses a bad submission naming the field, writing nothing', async () => {
    const id = patient.stateApplicationId;
    const before = await stateApplicationRow(t, id);
    for (const [body, field] of [
      [submittedBody({ ommaApplicationNumber: '  ' }), 'ommaApplicationNumber'],
      [submittedBody({ submittedOn: '27/11/2026' }), 'submittedOn'],
      [submittedBody({ stateFeeReference: undefined }), 'stateFeeReference'],
      [submittedBody({ submittedOn: addDays(today, 1) }), 'submittedOn'],
    ] as const) {
      const res = await desk.client.post(`${BASE}/${id}/submitted`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(field);
    }
    // OMMA's decision and the card come after the submission.
    const early = await desk.client.post(`${BASE}/${id}/decision`, {
      outcome: 'approved',
      licenseNumber: 'OK-LIC-1',
      issuedOn: today,
      expiresOn: addYears(today, 2),
    });
    expect(early.statusCode).toBe(409);
    expect(
      (await desk.client.post(`${BASE}/${id}/card-mailed`, { mailedOn: today })).statusCode,
    ).toBe(409);
    expect(await stateApplicationRow(t, id)).toEqual(before);
  });

  it('records the submission: the state fee paid to OMMA, the patient told', async () => {
    const id = patient.stateApplicationId;
    const res = await desk.client.post(`${BASE}/${id}/submitted`, submittedBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'submitted',
      ommaApplicationNumber: 'PAT-2026-0042',
      submittedOn: today,
      stateFeeReference: 'OMMA-PAY-7781',
      stateFee: { cents: STATE_FEE_CENTS, status: 'paid' },
    });
    const again = await desk.client.post(`${BASE}/${id}/submitted`, submittedBody());
    expect(again.statusCode).toBe(409);
    // Once paid to OMMA the state fee is not refundable.
    const admin = await signedInAs(t.app, 'admin');
    const refund = await admin.client.post(`${BASE}/${id}/refund-state-fee`, {
      reason: 'Changed mind',
    });
    expect(refund.statusCode).toBe(409);
    const mails = await mailsTo(patient.email, 'submitted');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('There is nothing more for you to pay');
  });

  it("records OMMA's approval as the patient's licence, then the card", async () => {
    const id = patient.stateApplicationId;
    const bad = await desk.client.post(`${BASE}/${id}/decision`, {
      outcome: 'approved',
      licenseNumber: 'OK-LIC-4471',
      issuedOn: today,
      expiresOn: today,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('expiresOn');
    const expiresOn = addYears(today, 2);
    const res = await desk.client.post(`${BASE}/${id}/decision`, {
      outcome: 'approved',
      licenseNumber: 'OK-LIC-4471',
      issuedOn: today,
      expiresOn,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      license: { licenseNumber: 'OK-LIC-4471', issuedOn: today, expiresOn },
    });
    const [licence] = await t.app.ctx.db
      .select()
      .from(patientLicenses)
      .where(eq(patientLicenses.patientId, patient.patientId));
    expect(licence).toMatchObject({ source: 'desk', stateApplicationId: id, expiresOn });

    const mailed = await desk.client.post(`${BASE}/${id}/card-mailed`, { mailedOn: today });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().cardMailedOn).toBe(today);
    expect(
      (await desk.client.post(`${BASE}/${id}/card-mailed`, { mailedOn: today })).statusCode,
    ).toBe(409);
    // Done: off the desk's list.
    const list = (await desk.client.get(BASE)).json();
    expect(list.applications.map((r: { id: string }) => r.id)).not.toContain(id);

    expect(await mailsTo(patient.email, 'issued your patient licence')).toHaveLength(1);
    expect(await mailsTo(patient.email, 'in the mail')).toHaveLength(1);
    const actions = (await auditRows(t.app, { targetId: id })).map((r) => r.action);
    for (const step of ['submitted', 'decision', 'card_mailed'])
      expect(actions).toContain(`state_application.${step}`);
  });

  it('lists the licence among those expiring within 60 days', async () => {
    await t.app.ctx.db
      .update(patientLicenses)
      .set({ expiresOn: addDays(today, 45) })
      .where(eq(patientLicenses.patientId, patient.patientId));
    const list = (await desk.client.get(BASE)).json();
    expect(list.expiringLicenses).toContainEqual({
      patientId: patient.patientId,
      patientName: 'Jamie Collins',
      licenseNumber: 'OK-LIC-4471',
      issuedOn: today,
      expiresOn: addDays(today, 45),
      daysLeft: 45,
    });
  });
});

describe('an OMMA rejection round-trips through the patient’s upload', () => {
  it('asks for the documents named, and returns to the desk once all are uploaded', async () => {
    const patient = await approvedPatient(t, doctor);
    const id = patient.stateApplicationId;
    expect((await desk.client.post(`${BASE}/${id}/submitted`, submittedBody())).statusCode).toBe(
      200,
    );
    const bad = await desk.client.post(`${BASE}/${id}/decision`, {
      outcome: 'rejected',
      reason: 'Photo is blurry',
      documentsNeeded: ['photo', 'physician_recommendation'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('documentsNeeded');
    expect((await stateApplicationRow(t, id)).status).toBe('submitted');

    const res = await desk.client.post(`${BASE}/${id}/decision`, {
      outcome: 'rejected',
      reason: 'Photo is blurry; residency proof older than 30 days',
      documentsNeeded: ['photo', 'proof_of_residency'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      submitBy: addDays(today, 30),
      rejection: {
        reason: 'Photo is blurry; residency proof older than 30 days',
        documentsNeeded: ['photo', 'proof_of_residency'],
        rejectedOn: today,
        resubmitBy: addDays(today, 30),
      },
    });
    // The reason is sealed at rest.
    const stored = await stateApplicationRow(t, id);
    expect(stored.rejectionReason).not.toContain('blurry');
    expect(await mailsTo(patient.email, 'OMMA needs something more')).toHaveLength(1);

    // Not back until every named document is new.
    const early = await desk.client.post(`${BASE}/${id}/submitted`, submittedBody());
    expect(early.statusCode).toBe(409);
    const photo = await centerUpload(
      patient.client,
      { bytes: TINY_PNG, name: 'new-me.png' },
      { category: 'photo' },
    );
    expect(photo.statusCode, photo.body).toBe(201);
    expect((await stateApplicationRow(t, id)).status).toBe('rejected');
    const bill = await centerUpload(
      patient.client,
      { bytes: TINY_JPEG, name: 'new-bill.jpg' },
      { category: 'proof_of_residency' },
    );
    expect(bill.statusCode, bill.body).toBe(201);
    expect((await stateApplicationRow(t, id)).status).toBe('preparing');
    const actions = (await auditRows(t.app, { targetId: id })).map((r) => r.action);
    expect(actions).toContain('state_application.documents_back');

    const resubmitted = await desk.client.post(
      `${BASE}/${id}/submitted`,
      submittedBody({ stateFeeReference: 'OMMA-RESUBMIT-2' }),
    );
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({
      status: 'submitted',
      stateFee: { status: 'paid' },
      stateFeeReference: 'OMMA-RESUBMIT-2',
    });
    // Two submissions, two messages (one per submission).
    const jobs = await t.app.ctx.db
      .select()
      .from(mailJobs)
      .where(
        and(eq(mailJobs.userId, patient.userId), eq(mailJobs.kind, 'state_application_submitted')),
      );
    expect(jobs).toHaveLength(2);
  });
});
