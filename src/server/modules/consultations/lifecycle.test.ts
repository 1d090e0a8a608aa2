import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { approveRequiredDocuments, paidPatient } from '../../test/patients.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
});
afterAll(() => t.close());

/** Text of a PDF as poppler reads it (Debian's poppler-utils). */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('a consultation from the waiting room to the recommendation', () => {
  it('admits through the meeting, starts, ends, approves and delivers the recommendation PDF', async () => {
    const patient = await paidPatient(t.app);
    for (const c of [
      { icdCode: 'G89.29', description: 'Chronic pain' },
      { icdCode: 'F41.9', description: 'Anxiety disorder' },
    ])
      expect(
        (
          await patient.client.post(
            `/api/applications/${patient.application.id}/medical-conditions`,
            c,
          )
        ).statusCode,
      ).toBe(201);
    const doctor = await signedInAs(t.app, 'doctor');

    const meetings = (await doctor.client.get('/api/admin/meetings')).json();
    const meeting = meetings.find((m: { doctor: { id: string } }) => m.doctor.id === doctor.id);
    expect(meeting.topic).toBe('Dr. doctor — consultations');
    const waiting = meeting.waitingPatients.find(
      (p: { applicationId: string }) => p.applicationId === patient.application.id,
    );
    expect(waiting).toMatchObject({
      status: 'waiting',
      patientName: 'Jamie Collins',
      dateOfBirth: '1985-04-12',
    });

    const admit = await doctor.client.post(
      `/api/admin/meetings/${meeting.meetingId}/admit/${waiting.id}`,
    );
    expect(admit.statusCode, admit.body).toBe(200);
    expect((await patient.client.get('/api/queue/status')).json()).toMatchObject({
      status: 'admitted',
      admitted: true,
    });
    // A second admission of the same patient is a clear conflict.
    const again = await doctor.client.post('/api/admin/admit-patient', { queueId: waiting.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Patient has already been admitted');

    // Ending before starting is refused.
    expect(
      (await doctor.client.post('/api/admin/end-consultation', { queueId: waiting.id })).statusCode,
    ).toBe(409);
    const start = await doctor.client.post('/api/admin/start-consultation', {
      queueId: waiting.id,
    });
    expect(start.statusCode, start.body).toBe(200);
    const consultationId = start.json().consultation.id;
    expect((await patient.client.get('/api/queue/status')).json().status).toBe('in_consultation');
    const end = await doctor.client.post('/api/admin/end-consultation', { queueId: waiting.id });
    expect(end.statusCode).toBe(200);
    expect(end.json().consultation.durationSeconds).toBeGreaterThanOrEqual(0);

    await approveRequiredDocuments(t.app, consultationId);
    const outcome = await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
      approved: true,
      identityVerified: true,
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    const [application] = (await patient.client.get('/api/applications')).json();
    expect(application.status).toBe('approved');
    expect(application.approvedAt).not.toBeNull();

    const docs = (await patient.client.get('/api/patient/documents')).json();
    const recommendation = docs.find(
      (d: { category: string }) => d.category === 'physician_recommendation',
    );
    expect(recommendation).toMatchObject({ status: 'approved', type: 'application/pdf' });
    const pdf = await patient.client.get(`/api/patient/documents/${recommendation.id}/view`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('OK-12345'); // the physician's Oklahoma license number
    expect(text).toContain('1234567890'); // NPI
    expect(text).toContain('G89.29');
    expect(text).toContain('Anxiety disorder');
    expect(text).toContain('Jamie Collins');

    // The outcome is recorded once.
    expect(
      (
        await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
          approved: false,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('gives one admission and clear conflicts when 20 staff admit the same patient at once', async () => {
    const patient = await paidPatient(t.app);
    const staff = await signedInAs(t.app, 'operations_admin');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        staff.client.post('/api/admin/admit-patient', { queueId: patient.queue.id }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });
});
