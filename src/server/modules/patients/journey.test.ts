import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientJourneyResponse } from '../../../shared/schemas/journey.js';
import { centerUpload, TINY_PNG } from '../../test/files.js';
import { PASSWORD, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { intakeDonePatient, queuedPatient } from '../../test/journey-patients.js';
import { approveRequiredDocuments, registerPatient } from '../../test/patients.js';

// GET /api/patient/journey through the real routes: each stage of the visit as the records
// make it, the approval's state deadline on an injected clock, a denial's reason, and a
// rejected document flagged.

const DAY = 86_400_000;
let clock = Date.now();
let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5, now: () => clock });
  doctor = await signedInAs(t.app, 'doctor');
});
afterAll(() => t.close());

const journeyOf = async (client: Client): Promise<PatientJourneyResponse> => {
  const res = await client.get('/api/patient/journey');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const states = (j: PatientJourneyResponse) =>
  Object.fromEntries(j.journey.steps.map((s) => [s.key, s.state]));

async function startAndEnd(queueId: string, opts: { end: boolean }) {
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  if (opts.end) {
    const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
    expect(end.statusCode, end.body).toBe(200);
  }
  return start.json().consultation.id as string;
}

describe('GET /api/patient/journey', () => {
  it('a new patient is at the application step', async () => {
    const patient = await registerPatient(t.app);
    const body = await journeyOf(patient.client);
    expect(states(body)).toEqual({
      account: 'completed',
      application: 'current',
      documents: 'pending',
      payment: 'pending',
      queue: 'pending',
      consultation: 'pending',
      decision: 'pending',
      delivery: 'pending',
      state_application: 'pending',
      license: 'pending',
    });
    expect(body.journey.steps[1]!.action).toEqual({
      label: 'Start your application',
      to: '/patient/intake',
    });
    expect(body.decision).toBeNull();
    expect(body.documentsNeedingAttention).toEqual([]);
  });

  it('with a condition and the three documents uploaded, payment is next', async () => {
    const patient = await intakeDonePatient(t.app);
    const body = await journeyOf(patient.client);
    expect(body.journey.current).toBe('payment');
    expect(states(body)).toMatchObject({
      application: 'completed',
      documents: 'completed',
      payment: 'current',
    });
  });

  it('paid and waiting: the queue is current; started: the consultation is current, not complete', async () => {
    const patient = await queuedPatient(t.app);
    let body = await journeyOf(patient.client);
    expect(states(body)).toMatchObject({ payment: 'completed', queue: 'current' });

    await startAndEnd(patient.queueId, { end: false });
    body = await journeyOf(patient.client);
    expect(states(body)).toMatchObject({
      queue: 'completed',
      consultation: 'current',
      decision: 'pending',
    });
    // Started without a video room: no Join to offer.
    expect(body.journey.steps.find((s) => s.key === 'consultation')).toMatchObject({
      status: 'Your consultation is in progress.',
      action: null,
    });
  });

  it('approved: the visit complete, the recommendation to download and 30 days for the state', async () => {
    const patient = await queuedPatient(t.app);
    const consultationId = await startAndEnd(patient.queueId, { end: true });
    let body = await journeyOf(patient.client);
    expect(states(body)).toMatchObject({ consultation: 'completed', decision: 'current' });

    await approveRequiredDocuments(t.app, consultationId);
    const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: true,
      identityVerified: true,
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    body = await journeyOf(patient.client);
    // The visit's eight steps done; the state application and the licence are ahead (issue 22).
    expect(body.journey.percent).toBe(80);
    expect(body.journey.current).toBe('state_application');
    expect(body.decision).toMatchObject({
      outcome: 'approved',
      daysLeft: 30,
      documentId: outcome.json().documentId,
    });
    const decision = body.decision as Extract<typeof body.decision, { outcome: 'approved' }>;
    const signed = Date.parse(`${decision.signedOn}T12:00:00Z`);
    expect(Date.parse(`${decision.expiresOn}T12:00:00Z`) - signed).toBe(30 * DAY);
    // The download works with the document id the journey gives.
    const pdf = await patient.client.get(`/api/patient/documents/${decision.documentId}/view`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Twelve days later (the clinic's clock): 18 days left. Sessions age on the same clock,
    // so the patient signs in again.
    clock += 12 * DAY;
    try {
      const again = new Client(t.app);
      const login = await again.post('/api/login', { email: patient.email, password: PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      expect((await journeyOf(again)).decision).toMatchObject({
        outcome: 'approved',
        signedOn: decision.signedOn,
        daysLeft: 18,
      });
    } finally {
      clock = Date.now();
    }
  });

  it('not approved: the reason, the decision needing attention and no recommendation', async () => {
    const patient = await queuedPatient(t.app);
    const consultationId = await startAndEnd(patient.queueId, { end: true });
    const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: false,
      reason: 'Your records do not show a qualifying condition yet',
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    const body = await journeyOf(patient.client);
    expect(states(body)).toMatchObject({ decision: 'attention', delivery: 'blocked' });
    expect(body.journey.current).toBe('decision');
    expect(body.decision).toMatchObject({
      outcome: 'not_approved',
      reason: 'Your records do not show a qualifying condition yet',
      amountCents: 13_730,
    });
    expect(body.journey.steps.find((s) => s.key === 'decision')!.status).toBe(
      'Not approved: Your records do not show a qualifying condition yet',
    );
    // The fee as the application has it ('voided' once a denial releases the hold).
    const [application] = (await patient.client.get('/api/applications')).json();
    expect(body.decision).toMatchObject({ paymentStatus: application.paymentStatus });
  });

  it('removed from the queue by the clinic: the queue step needs attention', async () => {
    const patient = await queuedPatient(t.app);
    const removed = await doctor.client.post('/api/admin/reject-patient', {
      queueId: patient.queueId,
      reason: 'We could not verify your identity',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const body = await journeyOf(patient.client);
    expect(body.journey.steps.find((s) => s.key === 'queue')).toMatchObject({
      state: 'attention',
      status: expect.stringMatching(/^The clinic removed you from the queue/),
    });
    expect(body.journey.current).not.toBe('consultation');
  });

  it('a rejected required document is flagged with its reason and an upload action', async () => {
    const patient = await intakeDonePatient(t.app);
    const photo = patient.documents.photo;
    // Staff review (ruling 3: an admin with the documents right; a doctor only while seeing them).
    const admin = await signedInAs(t.app, 'admin');
    const review = await admin.client.post(`/api/admin/documents/${photo}/review`, {
      status: 'rejected',
      note: 'Your face is not visible',
    });
    expect(review.statusCode, review.body).toBe(200);
    let body = await journeyOf(patient.client);
    expect(body.documentsNeedingAttention).toEqual([
      {
        id: photo,
        category: 'photo',
        name: 'Photograph',
        reason: 'Your face is not visible',
        required: true,
        to: '/patient/documents?category=photo',
      },
    ]);
    expect(body.journey.steps.find((s) => s.key === 'documents')).toMatchObject({
      state: 'attention',
      status: 'Photograph was not accepted: Your face is not visible',
      action: { label: 'Upload a new file', to: '/patient/documents?category=photo' },
    });

    // A new photo clears the flag (pending review is enough for the step).
    const upload = await centerUpload(
      patient.client,
      { bytes: TINY_PNG, name: 'photo-2.png' },
      { category: 'photo' },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    body = await journeyOf(patient.client);
    expect(body.documentsNeedingAttention).toEqual([]);
    expect(states(body).documents).toBe('completed');
  });

  it('is for patients only', async () => {
    expect((await new Client(t.app).get('/api/patient/journey')).statusCode).toBe(401);
    expect((await doctor.client.get('/api/patient/journey')).statusCode).toBe(403);
    const admin = await signedInAs(t.app, 'admin');
    expect((await admin.client.get('/api/patient/journey')).statusCode).toBe(403);
  });
});
