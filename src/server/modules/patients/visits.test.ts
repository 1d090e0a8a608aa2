import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import { type PaidPatient, paidPatient, registerPatient } from '../../test/patients.js';

// GET /api/patient/visits (issue 21): the patient's own visits, newest first, each with its
// date, physician, decision and recommendation; another patient's visits never appear, and
// every read is audited. Who may call it at all: patient-only.test.ts.

let t: TestApp;
let doctor: { client: Client; id: string };
let admin: { client: Client };
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
  doctor = await signedInAs(t.app, 'doctor');
  admin = await signedInAs(t.app, 'admin');
});
afterAll(() => t.close());

/** The doctor sees the paid patient; `end` and then decides, when a decision is given. */
async function visit(patient: PaidPatient, decision?: 'approve' | 'deny') {
  const queueId = patient.queue.id!;
  const start = await doctor.client.post('/api/admin/start-consultation', { queueId });
  expect(start.statusCode, start.body).toBe(200);
  const consultationId: string = start.json().consultation.id;
  if (!decision) return consultationId;
  const end = await doctor.client.post('/api/admin/end-consultation', { queueId });
  expect(end.statusCode, end.body).toBe(200);
  if (decision === 'approve') {
    // The clinic approves the documents before the physician approves the patient.
    for (const d of (await patient.client.get('/api/patient/documents')).json()) {
      const reviewed = await admin.client.post(`/api/admin/documents/${d.id}/review`, {
        status: 'approved',
      });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
    }
  }
  const outcome = await doctor.client.post(
    `/api/admin/consultations/${consultationId}/outcome`,
    decision === 'approve'
      ? { approved: true, identityVerified: true }
      : { approved: false, reason: 'No qualifying condition documented' },
  );
  expect(outcome.statusCode, outcome.body).toBe(200);
  return consultationId;
}

describe('GET /api/patient/visits', () => {
  it('is empty for a patient not yet seen, and the read is audited', async () => {
    const patient = await registerPatient(t.app);
    const res = await patient.client.get('/api/patient/visits');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ visits: [] });
    const [row] = (await auditRows(t.app, { actorId: patient.userId })).filter(
      (r) => r.targetType === 'visit_history',
    );
    expect(row).toMatchObject({
      action: 'patient_data.read',
      actorRole: 'patient',
      targetId: patient.patientId,
      patientIds: [patient.userId],
      details: { visits: 0 },
    });
  });

  it('lists an approved visit with its date, physician, decision and recommendation PDF', async () => {
    const patient = await paidPatient(t.app);
    const consultationId = await visit(patient, 'approve');
    const res = await patient.client.get('/api/patient/visits');
    expect(res.statusCode, res.body).toBe(200);
    const { visits } = res.json();
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      id: consultationId,
      physician: 'Dr. Test doctor',
      applicationType: 'new',
      decision: 'approved',
      decisionReason: null,
    });
    expect(Date.parse(visits[0].startedAt)).toBeLessThanOrEqual(Date.parse(visits[0].decidedAt));
    const pdf = await patient.client.get(
      `/api/patient/documents/${visits[0].recommendationDocumentId}/view`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows a visit in progress undecided, and a refusal with its reason and no PDF', async () => {
    const waiting = await paidPatient(t.app);
    await visit(waiting);
    const inProgress = (await waiting.client.get('/api/patient/visits')).json().visits;
    expect(inProgress).toEqual([
      expect.objectContaining({
        endedAt: null,
        decision: null,
        decidedAt: null,
        recommendationDocumentId: null,
      }),
    ]);
    await doctor.client.post('/api/admin/end-consultation', { queueId: waiting.queue.id });

    const denied = await paidPatient(t.app);
    await visit(denied, 'deny');
    const [visitRow] = (await denied.client.get('/api/patient/visits')).json().visits;
    expect(visitRow).toMatchObject({
      decision: 'not_approved',
      decisionReason: 'No qualifying condition documented',
      recommendationDocumentId: null,
    });
  });

  it("never shows another patient's visits", async () => {
    const mine = await paidPatient(t.app);
    const theirs = await paidPatient(t.app);
    const myVisit = await visit(mine, 'deny');
    const theirVisit = await visit(theirs, 'approve');
    const ids = async (p: PaidPatient) =>
      (await p.client.get('/api/patient/visits')).json().visits.map((v: { id: string }) => v.id);
    expect(await ids(mine)).toEqual([myVisit]);
    expect(await ids(theirs)).toEqual([theirVisit]);
  });
});
