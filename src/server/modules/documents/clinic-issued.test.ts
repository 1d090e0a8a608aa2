import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_DEFINITIONS, CLINIC_ISSUED_MESSAGE } from '../../../shared/documents.js';
import { documents } from '../../db/schema/index.js';
import { centerUpload, pdfBytes, storedFiles, TINY_PNG } from '../../test/files.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { approveRequiredDocuments, type PaidPatient, paidPatient } from '../../test/patients.js';

// Issue 10, defect 6: the signed physician recommendation is issued by the clinic. A patient
// views it but can neither upload a file in its category nor replace the clinic's, and staff
// lists keep showing the clinic's file after a patient tries.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A paid patient seen and approved by a doctor: the clinic's recommendation is stored. */
async function approvedPatient(): Promise<PaidPatient & { recommendationId: string }> {
  const patient = await paidPatient(t.app);
  const doctor = await signedInAs(t.app, 'doctor');
  const queueId = patient.queue.id;
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  const consultationId = start.json().consultation.id;
  expect((await doctor.client.post('/api/admin/end-consultation', { queueId })).statusCode).toBe(
    200,
  );
  await approveRequiredDocuments(t.app, consultationId);
  const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
    approved: true,
    identityVerified: true,
  });
  expect(outcome.statusCode, outcome.body).toBe(200);
  return { ...patient, recommendationId: outcome.json().documentId };
}

const rowsOf = (patientId: string) =>
  t.app.ctx.db.select().from(documents).where(eq(documents.patientId, patientId));

const attempts = [
  { bytes: pdfBytes('My own recommendation'), name: 'recommendation.pdf' },
  { bytes: TINY_PNG, name: 'scan.png' },
  { bytes: pdfBytes('x', 6 * 1024 * 1024), name: 'big.pdf' },
];

describe('documents the clinic issues', () => {
  it('are the recommendation, and only it', () => {
    const issued = Object.values(CATEGORY_DEFINITIONS).filter((d) => d.issuedByClinic);
    expect(issued.map((d) => d.id)).toEqual(['physician_recommendation']);
  });

  it('cannot be replaced by the patient; the clinic’s file stays current for everyone', async () => {
    const patient = await approvedPatient();
    const dataDir = t.app.ctx.config.DATA_DIR;
    const files = storedFiles(dataDir);
    const rows = await rowsOf(patient.patientId);
    const auditedBefore = (await auditRows(t.app, { actorId: patient.userId })).length;

    for (const file of attempts) {
      const res = await centerUpload(patient.client, file, {
        category: 'physician_recommendation',
        name: 'Signed recommendation',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: CLINIC_ISSUED_MESSAGE, code: 'FORBIDDEN' });
    }
    // Nothing written: no file kept, no row, nothing superseded, no upload audited.
    expect(storedFiles(dataDir)).toEqual(files);
    expect(await rowsOf(patient.patientId)).toEqual(rows);
    // (The intake's own uploads came before: nothing since.)
    const audited = (await auditRows(t.app, { actorId: patient.userId })).slice(auditedBefore);
    expect(audited.filter((a) => a.action.startsWith('document.'))).toEqual([]);

    // The patient still sees and opens the clinic's file.
    const own = (await patient.client.get('/api/patient/documents')).json();
    expect(
      own.filter((d: { category: string }) => d.category === 'physician_recommendation'),
    ).toEqual([expect.objectContaining({ id: patient.recommendationId, status: 'approved' })]);
    const view = await patient.client.get(
      `/api/patient/documents/${patient.recommendationId}/view`,
    );
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Staff lists show the clinic's file, current.
    const staff = await signedInAs(t.app, 'admin_assistant');
    const stored = await staff.client.get(
      '/api/admin/stored-documents?category=physician_recommendation',
    );
    const mine = stored
      .json()
      .filter((d: { patientName: string; id: string }) => d.id === patient.recommendationId);
    expect(mine).toEqual([expect.objectContaining({ generated: true, replacedAt: null })]);
  });

  it('cannot be uploaded by a patient before the clinic issues one either', async () => {
    const patient = await paidPatient(t.app);
    const rows = await rowsOf(patient.patientId);
    const res = await centerUpload(patient.client, attempts[0]!, {
      category: 'physician_recommendation',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CLINIC_ISSUED_MESSAGE);
    expect(await rowsOf(patient.patientId)).toEqual(rows);
    // Other categories are the patient's to upload, as before.
    const id = await centerUpload(patient.client, attempts[1]!, { category: 'government_id' });
    expect(id.statusCode, id.body).toBe(201);
  });
});
