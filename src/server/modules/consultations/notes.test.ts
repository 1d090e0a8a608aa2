import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_NOTES_MAX } from '../../../shared/schemas/consultation-room.js';
import { auditRows, goodPayment, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { beginSeeing } from '../../test/matrix/staff-documents.js';
import { completeIntake, type PaidPatient, paidPatient } from '../../test/patients.js';
import { NOTES_LOCKED } from './notes.js';

// The physician's notes, saved as they type in the room (issue 12): the consultation's own
// doctor writes them while it runs and after it ended, until the outcome is recorded; the
// patient record carries them and the patient's consultations, newest first.

let t: TestApp;
let patient: PaidPatient;
let doctor: { client: Client; id: string };
let otherDoctor: Client;
let assistant: Client;
let consultationId: string;

const notesUrl = (id: string) => `/api/admin/consultations/${id}/notes`;
const recordOf = async (client: Client) =>
  (await client.get(`/api/admin/patients/${patient.patientId}/record`)).json();

beforeAll(async () => {
  t = await createTestApp();
  patient = await paidPatient(t.app);
  doctor = await signedInAs(t.app, 'doctor');
  otherDoctor = (await signedInAs(t.app, 'doctor')).client;
  assistant = (await signedInAs(t.app, 'admin_assistant')).client;
  consultationId = (await beginSeeing(t, doctor.id, patient)).id;
});
afterAll(() => t.close());

describe('PUT /api/admin/consultations/:consultationId/notes', () => {
  it('saves the notes and the record reads them back, live and in the history', async () => {
    const before = Date.now();
    const res = await doctor.client.put(notesUrl(consultationId), {
      notes: 'Lower back pain since 2019.\nTried physiotherapy.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      notes: 'Lower back pain since 2019.\nTried physiotherapy.',
      notesUpdatedAt: expect.any(String),
    });
    expect(Date.parse(res.json().notesUpdatedAt)).toBeGreaterThanOrEqual(before - 1000);

    const record = await recordOf(doctor.client);
    expect(record.consultation).toMatchObject({
      id: consultationId,
      notes: 'Lower back pain since 2019.\nTried physiotherapy.',
    });
    expect(record.consultations).toEqual([
      {
        id: consultationId,
        applicationId: patient.application.id,
        doctorName: 'Dr. Test doctor',
        startedAt: expect.any(String),
        endedAt: null,
        outcome: null,
        outcomeReason: null,
        identityVerifiedAt: null,
        notes: 'Lower back pain since 2019.\nTried physiotherapy.',
      },
    ]);

    // A later save replaces the notes; an empty one clears them.
    expect((await doctor.client.put(notesUrl(consultationId), { notes: '' })).json().notes).toBe(
      '',
    );
    expect((await recordOf(doctor.client)).consultation.notes).toBe('');
  });

  it('refuses notes over the limit with a message, and keeps the saved ones', async () => {
    await doctor.client.put(notesUrl(consultationId), { notes: 'Kept' });
    const res = await doctor.client.put(notesUrl(consultationId), {
      notes: 'x'.repeat(CONSULTATION_NOTES_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Keep the notes under 20,000 characters');
    const missing = await doctor.client.put(notesUrl(consultationId), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Notes must be text');
    const number = await doctor.client.put(notesUrl(consultationId), { notes: 5 });
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toBe('Notes must be text');
    expect((await recordOf(doctor.client)).consultation.notes).toBe('Kept');
  });

  it("answers 404 for another doctor's consultation and for an unknown one", async () => {
    const res = await otherDoctor.put(notesUrl(consultationId), { notes: 'Not mine' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Consultation not found');
    const unknown = await doctor.client.put(notesUrl('00000000-0000-4000-8000-000000000000'), {
      notes: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await recordOf(doctor.client)).consultation.notes).toBe('Kept');
  });

  it('answers 401 signed out and 403 to staff who do not record outcomes', async () => {
    const signedOut = await new Client(t.app).put(notesUrl(consultationId), { notes: 'x' });
    expect(signedOut.statusCode).toBe(401);
    const refused = await assistant.put(notesUrl(consultationId), { notes: 'x' });
    expect(refused.statusCode).toBe(403);
    const patientTry = await patient.client.put(notesUrl(consultationId), { notes: 'x' });
    expect(patientTry.statusCode).toBe(403);
  });

  it('stays open after the end, closes once the outcome is recorded (409)', async () => {
    const end = await doctor.client.post('/api/admin/end-consultation', {
      queueId: patient.queue.id,
    });
    expect(end.statusCode, end.body).toBe(200);
    const after = await doctor.client.put(notesUrl(consultationId), {
      notes: 'Written after the call',
    });
    expect(after.statusCode, after.body).toBe(200);
    const record = await recordOf(doctor.client);
    expect(record.consultation).toBeNull(); // nothing in progress any more
    expect(record.consultations[0]).toMatchObject({
      id: consultationId,
      endedAt: expect.any(String),
      notes: 'Written after the call',
    });

    const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: false,
      reason: 'Condition not documented',
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    const locked = await doctor.client.put(notesUrl(consultationId), { notes: 'Too late' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(NOTES_LOCKED);
    const final = (await recordOf(doctor.client)).consultations[0];
    expect(final).toMatchObject({
      notes: 'Written after the call',
      outcome: 'not_approved',
      outcomeReason: 'Condition not documented',
    });
    // A second visit after the refusal: the chart lists both, newest first, each with its notes.
    await completeIntake(patient);
    const paid = await patient.client.post('/api/process-payment', goodPayment());
    expect(paid.statusCode, paid.body).toBe(200);
    const second = await beginSeeing(t, doctor.id, { ...patient, queue: paid.json().queue });
    const history = (await recordOf(doctor.client)).consultations;
    expect(history.map((c: { id: string }) => c.id)).toEqual([second.id, consultationId]);
    expect(history.map((c: { notes: string }) => c.notes)).toEqual(['', 'Written after the call']);

    // Reading the record (with the notes) is audited; the saves are the author's writes.
    const actions = (await auditRows(t.app, { actorId: doctor.id })).map((r) => r.action);
    expect(actions).toContain('patient_record.read');
    expect(actions.some((a) => a.includes('notes'))).toBe(false);
  });
});
