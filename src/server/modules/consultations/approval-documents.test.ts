import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsNotApprovedMessage } from '../../../shared/approval-documents.js';
import { documents } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import { type IntakeDonePatient, queuedPatient } from '../../test/journey-patients.js';
import { applicationsOf } from '../../test/patients.js';

// Issue 21: a patient was approved while ID, residency and photo were still "Under Review",
// and stayed so while the recommendation said identity was verified. An approval is refused
// (409, naming them) while a required document is pending or rejected: ADR 0012's third
// refusal, before any write. The physician approves them from the room's chart, through the
// staff review route, which admits a doctor for the patient they are seeing only.

let t: TestApp;
let doctor: { client: Client; id: string };
beforeAll(async () => {
  t = await createTestApp();
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(() => t.close());

const APPROVE = { approved: true, identityVerified: true };

/** A patient the doctor has seen; the consultation has ended and awaits its outcome. */
async function endedConsultation(): Promise<{ patient: IntakeDonePatient; url: string }> {
  const patient = await queuedPatient(t.app);
  const start = await doctor.client.post('/api/admin/start-consultation', {
    queueId: patient.queueId,
  });
  expect(start.statusCode, start.body).toBe(200);
  const end = await doctor.client.post('/api/admin/end-consultation', {
    queueId: patient.queueId,
  });
  expect(end.statusCode, end.body).toBe(200);
  return { patient, url: `/api/admin/consultations/${start.json().consultation.id}/outcome` };
}

const review = (client: Client, id: string, status: 'approved' | 'rejected', note?: string) =>
  client.post(`/api/admin/documents/${id}/review`, { status, ...(note ? { note } : {}) });

async function expectUndecided(patient: IntakeDonePatient) {
  const [application] = await applicationsOf(t.app, patient.patientId);
  expect(application!.status).toBe('in_review');
  const docs = await t.app.ctx.db
    .select()
    .from(documents)
    .where(eq(documents.patientId, patient.patientId));
  expect(docs.filter((d) => d.category === 'physician_recommendation')).toEqual([]);
}

describe('approving while required documents are not approved', () => {
  it('is refused with 409 naming each document under review; nothing is written', async () => {
    const { patient, url } = await endedConsultation();
    const res = await doctor.client.post(url, APPROVE);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Approve the patient's required documents before approving the recommendation: Government-Issued ID (under review), Proof of Oklahoma Residency (under review), Photograph (under review)",
    );
    await expectUndecided(patient);
  });

  it('is refused naming a rejected one', async () => {
    const { patient, url } = await endedConsultation();
    const { government_id, proof_of_residency, photo } = patient.documents;
    for (const id of [government_id, proof_of_residency])
      expect((await review(doctor.client, id, 'approved')).statusCode).toBe(200);
    expect((await review(doctor.client, photo, 'rejected', 'Face not visible')).statusCode).toBe(
      200,
    );
    const res = await doctor.client.post(url, APPROVE);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      documentsNotApprovedMessage([{ category: 'photo', state: 'rejected' }]),
    );
    expect(res.json().message).toContain('Photograph (rejected)');
    await expectUndecided(patient);
  });

  it('still records a refusal: a recommendation not approved needs no documents', async () => {
    const { url } = await endedConsultation();
    const res = await doctor.client.post(url, { approved: false, reason: 'ID does not match' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("the physician approves the documents from the room's chart", () => {
  it('reviews the patient being seen, then approves; the patient sees them approved', async () => {
    const { patient, url } = await endedConsultation();
    for (const id of Object.values(patient.documents)) {
      const res = await review(doctor.client, id, 'approved');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Document approved' });
    }
    const approvals = await auditRows(t.app, { actorId: doctor.id });
    expect(approvals.filter((r) => r.action === 'document.review').length).toBeGreaterThanOrEqual(
      3,
    );
    const res = await doctor.client.post(url, APPROVE);
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await patient.client.get('/api/patient/documents')).json() as {
      category: string;
      status: string;
    }[];
    for (const category of ['government_id', 'proof_of_residency', 'photo'])
      expect(mine.find((d) => d.category === category)?.status).toBe('approved');
  });

  it("cannot review a patient the doctor is not seeing (404, the document's status unchanged)", async () => {
    const { patient } = await endedConsultation();
    const other = await signedInAs(t.app, 'doctor');
    const res = await review(other.client, patient.documents.photo, 'approved');
    expect(res.statusCode).toBe(404);
    const [row] = await t.app.ctx.db
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, patient.documents.photo));
    expect(row!.status).toBe('pending');
  });
});
