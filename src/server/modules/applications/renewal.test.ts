import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPENSARY_STATEMENT } from '../../../shared/queue.js';
import {
  monthsBefore,
  NO_APPROVED_APPLICATION_MESSAGE,
  OPEN_APPLICATION_MESSAGE,
} from '../../../shared/renewal.js';
import { documents } from '../../db/schema/index.js';
import { centerUpload, TINY_JPEG, TINY_PNG } from '../../test/files.js';
import { auditRows, goodPayment, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  applicationsOf,
  approveRequiredDocuments,
  intakeReadyPatient,
  registerPatient,
  type TestPatient,
} from '../../test/patients.js';

// POST /api/applications/renewal (issue 22): a renewal starts prefilled from the last approved
// application, never beside another open one, and asks anew for a proof of residency always and
// for a photo when the one on file is more than 6 months old: the queue's gate, the journey and
// the upload center do not count the old ones.

let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(() => t.close());

const CAREGIVER = {
  needsCaregiver: true,
  caregiverFirstName: 'Robin',
  caregiverLastName: 'Hale',
  caregiverPhone: '(405) 555-0199',
  caregiverEmail: 'robin.hale@example.test',
  relationship: 'Spouse',
};

/** Intake with a caregiver and a note, paid, seen and approved by a physician (homebound). */
async function approvedPatient(): Promise<TestPatient & { applicationId: string }> {
  const patient = await intakeReadyPatient(t.app);
  const form = await patient.client.post('/api/applications', {
    type: 'new',
    ...CAREGIVER,
    physicianNotes: 'Night pain, worse in winter',
  });
  expect(form.statusCode, form.body).toBe(200);
  const paid = await patient.client.post('/api/process-payment', goodPayment());
  expect(paid.statusCode, paid.body).toBe(200);
  const queueId = paid.json().queue.id;
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
    homebound: true,
  });
  expect(outcome.statusCode, outcome.body).toBe(200);
  return patient;
}

const startRenewal = (patient: TestPatient) => patient.client.post('/api/applications/renewal');

/** Pays the renewal and asks to join the line: the gate's answer. */
async function payAndJoin(patient: TestPatient, applicationId: string) {
  const paid = await patient.client.post(
    '/api/process-payment',
    goodPayment({ applicationType: 'renewal' }),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return patient.client.post('/api/queue/join', {
    applicationId,
    notAtDispensary: true,
    statement: DISPENSARY_STATEMENT,
  });
}

/** Moves the patient's current photo back in time, as if uploaded `months` ago. */
async function agePhoto(patientId: string, months: number) {
  await t.app.ctx.db
    .update(documents)
    .set({ uploadedAt: new Date(monthsBefore(new Date().toISOString(), months)) })
    .where(and(eq(documents.patientId, patientId), eq(documents.category, 'photo')));
}

describe('starting a renewal', () => {
  it('opens a renewal application prefilled from the last approved one', async () => {
    const patient = await approvedPatient();
    const res = await startRenewal(patient);
    expect(res.statusCode, res.body).toBe(201);
    const { application, documentsNeeded } = res.json();
    expect(application).toMatchObject({
      type: 'renewal',
      status: 'pending',
      paymentStatus: 'unpaid',
      submittedAt: null,
      ...CAREGIVER,
      physicianNotes: 'Night pain, worse in winter',
      medicalConditions: [
        expect.objectContaining({ icdCode: 'G89.29', description: 'Chronic pain' }),
      ],
    });
    expect(application.id).not.toBe(patient.applicationId);
    // The photo is recent: only a new proof of residency is asked for.
    expect(documentsNeeded).toEqual(['proof_of_residency']);
    // The patient's list leads with it, and the renewal is audited.
    const list = (await patient.client.get('/api/applications')).json();
    expect(list.map((a: { id: string }) => a.id)).toEqual([application.id, patient.applicationId]);
    const audits = await auditRows(t.app, { targetId: application.id });
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['application.create', 'application.renewal_start']),
    );
  });

  it('answers 409 while another application is open, and creates nothing', async () => {
    const patient = await approvedPatient();
    expect((await startRenewal(patient)).statusCode).toBe(201);
    const again = await startRenewal(patient);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OPEN_APPLICATION_MESSAGE);
    expect(await applicationsOf(t.app, patient.patientId)).toHaveLength(2);
  });

  it('answers 404 with no approved application to renew, and creates nothing', async () => {
    const patient = await registerPatient(t.app);
    const res = await startRenewal(patient);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NO_APPROVED_APPLICATION_MESSAGE);
    expect(await applicationsOf(t.app, patient.patientId)).toHaveLength(0);
    // An application in progress (not yet approved) is not one to renew either: it is open.
    const open = await intakeReadyPatient(t.app);
    expect((await startRenewal(open)).statusCode).toBe(409);
    expect(await applicationsOf(t.app, open.patientId)).toHaveLength(1);
  });

  it('is for patients only', async () => {
    const res = await doctor.client.post('/api/applications/renewal');
    expect(res.statusCode).toBe(403);
  });
});

describe('what a renewal asks for anew', () => {
  it('a new proof of residency: the old one does not let the renewal into the line', async () => {
    const patient = await approvedPatient();
    const { application } = (await startRenewal(patient)).json();

    const status = (await patient.client.get('/api/patient/application-status')).json();
    expect(status).toMatchObject({
      applicationId: application.id,
      requiresDocuments: true,
      missingCategories: ['proof_of_residency'],
      renewalNeeds: ['proof_of_residency'],
    });
    const { journey } = (await patient.client.get('/api/patient/journey')).json();
    const step = journey.steps.find((s: { key: string }) => s.key === 'documents');
    expect(step.state).not.toBe('done');

    const refused = await payAndJoin(patient, application.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Before joining the queue, please add: Proof of Oklahoma Residency',
    );

    const upload = await centerUpload(
      patient.client,
      { bytes: TINY_PNG, name: 'new-bill.png' },
      { category: 'proof_of_residency' },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().applicationId).toBe(application.id);
    const joined = await patient.client.post('/api/queue/join', {
      applicationId: application.id,
      notAtDispensary: true,
      statement: DISPENSARY_STATEMENT,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
  });

  it('a new photo only when the one on file is more than 6 months old', async () => {
    const recent = await approvedPatient();
    await agePhoto(recent.patientId, 5);
    expect((await startRenewal(recent)).json().documentsNeeded).toEqual(['proof_of_residency']);

    const old = await approvedPatient();
    await agePhoto(old.patientId, 7);
    const { application, documentsNeeded } = (await startRenewal(old)).json();
    expect(documentsNeeded).toEqual(['proof_of_residency', 'photo']);
    const status = (await old.client.get('/api/patient/application-status')).json();
    expect(status.missingCategories).toEqual(['proof_of_residency', 'photo']);

    await centerUpload(
      old.client,
      { bytes: TINY_PNG, name: 'new-bill.png' },
      { category: 'proof_of_residency' },
    );
    const refused = await payAndJoin(old, application.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Before joining the queue, please add: Photograph');
    const photo = await centerUpload(
      old.client,
      { bytes: TINY_JPEG, name: 'me-now.jpg' },
      { category: 'photo' },
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const joined = await old.client.post('/api/queue/join', {
      applicationId: application.id,
      notAtDispensary: true,
      statement: DISPENSARY_STATEMENT,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
  });
});
