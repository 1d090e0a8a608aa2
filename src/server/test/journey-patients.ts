import { expect } from 'vitest';
import { QUEUE_REQUIRED_DOCUMENTS } from '../../shared/documents.js';
import { DISPENSARY_STATEMENT } from '../../shared/queue.js';
import { dashboardUpload, pdfBytes, TINY_JPEG, TINY_PNG } from './files.js';
import { goodPayment } from './fixtures.js';
import type { TestApp } from './harness.js';
import { registerPatient, type TestPatient } from './patients.js';

// Patients along the main path of issue 11: register → application with a condition → the
// three documents the queue requires → consent and payment → queue. Intake comes before the
// payment, so this works whether the payment queues the patient or the patient joins after.

type App = TestApp['app'];

const UPLOADS: Record<
  (typeof QUEUE_REQUIRED_DOCUMENTS)[number],
  { type: string; file: { bytes: Buffer; name: string } }
> = {
  government_id: { type: 'id', file: { bytes: pdfBytes('Driver license'), name: 'id.pdf' } },
  proof_of_residency: { type: 'residency_proof', file: { bytes: TINY_JPEG, name: 'bill.jpg' } },
  photo: { type: 'photo', file: { bytes: TINY_PNG, name: 'photo.png' } },
};

export interface IntakeDonePatient extends TestPatient {
  applicationId: string;
  /** The uploaded documents' ids by category. */
  documents: Record<(typeof QUEUE_REQUIRED_DOCUMENTS)[number], string>;
}

/** Registered, with an application listing a condition and the three required documents. */
export async function intakeDonePatient(app: App): Promise<IntakeDonePatient> {
  const patient = await registerPatient(app);
  const created = await patient.client.post('/api/applications', { type: 'new' });
  expect(created.statusCode, created.body).toBeLessThan(300);
  const applicationId = created.json().id as string;
  const condition = await patient.client.post(
    `/api/applications/${applicationId}/medical-conditions`,
    { icdCode: 'G89.29', description: 'Chronic pain' },
  );
  expect(condition.statusCode, condition.body).toBe(201);
  const documents = {} as IntakeDonePatient['documents'];
  for (const category of QUEUE_REQUIRED_DOCUMENTS) {
    const { type, file } = UPLOADS[category];
    const res = await dashboardUpload(patient.client, file, { type, applicationId });
    expect(res.statusCode, res.body).toBe(201);
    documents[category] = res.json().id;
  }
  return { ...patient, applicationId, documents };
}

/**
 * The intake done, paid with the simulator's approved card, and waiting in the queue.
 * `payment` changes the payment's body (issue 22: the service fee alone with patient_submits).
 */
export async function queuedPatient(
  app: App,
  payment: Record<string, unknown> = {},
): Promise<IntakeDonePatient & { queueId: string }> {
  const patient = await intakeDonePatient(app);
  const paid = await patient.client.post('/api/process-payment', goodPayment(payment));
  expect(paid.statusCode, paid.body).toBe(200);
  let queueId: string | undefined = paid.json().queue?.id;
  if (!queueId) {
    // When paying does not queue the patient, they join with the dispensary statement.
    const join = await patient.client.post('/api/queue/join', {
      applicationId: patient.applicationId,
      notAtDispensary: true,
      statement: DISPENSARY_STATEMENT,
    });
    expect(join.statusCode, join.body).toBeLessThan(300);
    queueId = join.json().id;
  }
  return { ...patient, queueId: queueId! };
}
