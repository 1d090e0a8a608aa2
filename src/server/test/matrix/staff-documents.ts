import { expect } from 'vitest';
import { startConsultation } from '../../modules/consultations/lifecycle.js';
import { loadCurrentUser } from '../../modules/users/queries.js';
import { centerUpload, pdfBytes } from '../files.js';
import type { TestApp } from '../harness.js';
import { type PaidPatient, paidPatient } from '../patients.js';
import type { Endpoint, Principal } from './types.js';

// Staff documents and the patients list (ruling 3: `documents`; a doctor only for the patient
// being seen, so a doctor's request targets a patient whose consultation that doctor started).

/** A paid patient with one uploaded document (government ID, a PDF). */
export async function patientWithDocument(
  t: TestApp,
  marker = 'Driver license',
): Promise<PaidPatient & { documentId: string }> {
  const patient = await paidPatient(t.app);
  const upload = await centerUpload(
    patient.client,
    { bytes: pdfBytes(marker), name: 'id.pdf' },
    { category: 'government_id' },
  );
  expect(upload.statusCode, upload.body).toBe(201);
  return { ...patient, documentId: upload.json().id };
}

/** `doctorId` starts a consultation with the patient: the doctor is now seeing them. */
export async function beginSeeing(t: TestApp, doctorId: string, patient: PaidPatient) {
  return startConsultation({
    ctx: t.app.ctx,
    actor: (await loadCurrentUser(t.app.ctx.db, doctorId))!,
    queueId: patient.queue.id,
    ip: '127.0.0.1',
  });
}

/** A document the principal may reach: for a doctor, of a patient that doctor is seeing. */
export async function reachableDocument(t: TestApp, principal: Principal) {
  const patient = await patientWithDocument(t);
  if (principal.role === 'doctor' && principal.id) await beginSeeing(t, principal.id, patient);
  return patient;
}

export const STAFF_DOCUMENT_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/admin/patient-documents', access: 'documents', ok: 200 },
  { method: 'GET', path: '/api/admin/stored-documents', access: 'documents', ok: 200 },
  {
    method: 'GET',
    path: '/api/admin/download-document/:id',
    access: 'documents',
    ok: 200,
    prepare: async (t, principal) => ({
      url: `/api/admin/download-document/${(await reachableDocument(t, principal)).documentId}`,
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/documents/:id/review',
    access: 'documents',
    ok: 200,
    prepare: async (t, principal) => ({
      url: `/api/admin/documents/${(await reachableDocument(t, principal)).documentId}/review`,
      payload: { status: 'approved' },
    }),
  },
  { method: 'GET', path: '/api/admin/patients', access: 'documents', ok: 200 },
  {
    method: 'GET',
    path: '/api/admin/patients/:patientId/record',
    access: 'documents',
    ok: 200,
    prepare: async (t, principal) => ({
      url: `/api/admin/patients/${(await reachableDocument(t, principal)).patientId}/record`,
    }),
  },
];
