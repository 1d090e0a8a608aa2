import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultations, transcriptions } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { approveRequiredDocuments, paidPatient } from '../../test/patients.js';

let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
  doctor = await signedInAs(t.app, 'doctor');
  staff = await signedInAs(t.app, 'operations_admin'); // transcriptions and keywords
});
afterAll(() => t.close());

/** Text of a PDF as poppler reads it (Debian's poppler-utils). */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A consultation of 15 minutes on an application listing chronic pain, approved. */
async function consultation(opts: { end?: boolean } = {}) {
  const patient = await paidPatient(t.app);
  const condition = await patient.client.post(
    `/api/applications/${patient.application.id}/medical-conditions`,
    { icdCode: 'G89.29', description: 'Chronic pain' },
  );
  expect(condition.statusCode, condition.body).toBe(201);
  const start = await doctor.client.post('/api/admin/start-consultation', {
    queueId: patient.queue.id,
  });
  expect(start.statusCode, start.body).toBe(200);
  const consultationId: string = start.json().consultation.id;
  if (opts.end === false) return { patient, consultationId };
  expect(
    (await doctor.client.post('/api/admin/end-consultation', { queueId: patient.queue.id }))
      .statusCode,
  ).toBe(200);
  await t.app.ctx.db
    .update(consultations)
    .set({ durationSeconds: 15 * 60 })
    .where(eq(consultations.id, consultationId));
  await approveRequiredDocuments(t.app, consultationId);
  expect(
    (
      await doctor.client.post(`/api/admin/consultations/${consultationId}/outcome`, {
        approved: true,
        identityVerified: true,
      })
    ).statusCode,
  ).toBe(200);
  return { patient, consultationId };
}

const TRANSCRIPT = [
  'Doctor: How are you sleeping?',
  'Patient: Badly. The chronic pain in my back keeps me up, and my anxiety disorder is worse at night.',
  'Doctor: Any nausea?',
  'Patient: Some, in the mornings.',
].join('\n');
const SUMMARY = 'Chronic pain with insomnia; anxiety disorder.';
const NOTES = 'Reports insomnia. Prefers café appointments. Consider F41.9 follow-up.';
const body = (consultationId: string, overrides: Record<string, unknown> = {}) => ({
  consultationId,
  rawTranscript: TRANSCRIPT,
  summary: SUMMARY,
  notes: NOTES,
  ...overrides,
});
const rowsOf = (consultationId: string) =>
  t.app.ctx.db
    .select()
    .from(transcriptions)
    .where(eq(transcriptions.consultationId, consultationId));
const lastAudit = async (actorId: string) => (await auditRows(t.app, { actorId })).at(-1)!;

describe('POST /api/admin/process-transcription', () => {
  it('refuses a missing summary, notes or transcript with clear messages and stores nothing', async () => {
    const { consultationId } = await consultation();
    const cases: [Record<string, unknown>, string][] = [
      [{ summary: '' }, 'Summary is required'],
      [{ notes: '   \n ' }, 'Notes are required'],
      [{ rawTranscript: undefined }, 'Transcript is required'],
      [{ summary: 'x'.repeat(5001) }, 'Summary must be at most 5000 characters'],
      [{ consultationId: 'abc' }, 'Consultation not found'],
    ];
    for (const [overrides, message] of cases) {
      const res = await staff.client.post(
        '/api/admin/process-transcription',
        body(consultationId, overrides),
      );
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await rowsOf(consultationId)).toEqual([]);

    const unknown = await staff.client.post(
      '/api/admin/process-transcription',
      body('00000000-0000-4000-8000-000000000000'),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Consultation not found', code: 'NOT_FOUND' });

    const ongoing = await consultation({ end: false });
    const early = await staff.client.post(
      '/api/admin/process-transcription',
      body(ongoing.consultationId),
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: 'The consultation has not ended yet',
      code: 'CONFLICT',
    });
    expect(await rowsOf(ongoing.consultationId)).toEqual([]);
  });

  it('stores the notes with key findings and billable content, lists and downloads them; keyword edits change the next findings', async () => {
    const { patient, consultationId } = await consultation();
    const keyword = async (term: string, category?: string) => {
      const res = await staff.client.post('/api/admin/keywords', { term, category });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const insomnia = await keyword('insomnia', 'symptom');
    const nausea = await keyword('Nausea');
    await keyword('opioids');

    const pending = (await staff.client.get('/api/admin/transcriptions/pending')).json();
    expect(
      pending.find((p: { consultationId: string }) => p.consultationId === consultationId),
    ).toEqual({
      consultationId,
      meetingId: null,
      applicationId: patient.application.id,
      patientName: 'Jamie Collins',
      dateOfBirth: '1985-04-12',
      doctorName: 'Dr. Test doctor',
      completedAt: expect.any(String),
      duration: 15,
    });

    const res = await staff.client.post('/api/admin/process-transcription', body(consultationId));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rowsOf(consultationId);
    const stored = res.json();
    expect(stored).toEqual({
      consultationId,
      meetingId: null,
      applicationId: patient.application.id,
      patientName: 'Jamie Collins',
      dateOfBirth: '1985-04-12',
      doctorName: 'Dr. Test doctor',
      consultationDate: expect.any(String),
      duration: 15,
      fileSize:
        Buffer.byteLength(TRANSCRIPT) + Buffer.byteLength(SUMMARY) + Buffer.byteLength(NOTES),
      createdAt: row!.createdAt.toISOString(),
      updatedAt: row!.updatedAt.toISOString(),
      keyFindings: ['Chronic pain (G89.29)', 'Anxiety disorder (F41.9)', 'insomnia', 'Nausea'],
      billableContent: {
        durationMinutes: 15,
        conditions: [
          { icdCode: 'G89.29', description: 'Chronic pain' },
          { icdCode: 'F41.9', description: 'Anxiety disorder' },
        ],
        outcome: 'approved',
        billable: true,
      },
      hipaaCompliant: true,
    });
    expect(row).toMatchObject({
      rawTranscript: TRANSCRIPT,
      summary: SUMMARY,
      notes: NOTES,
      createdBy: staff.id,
    });
    expect(await lastAudit(staff.id)).toMatchObject({
      action: 'transcription.store',
      targetType: 'transcription',
      targetId: consultationId,
      details: { keyFindings: 4, billable: true },
    });
    const stillPending = (await staff.client.get('/api/admin/transcriptions/pending')).json();
    expect(stillPending.map((p: { consultationId: string }) => p.consultationId)).not.toContain(
      consultationId,
    );

    // The list holds the same record, and reading it is audited.
    const list = await staff.client.get('/api/admin/transcriptions');
    expect(list.statusCode).toBe(200);
    expect(
      list.json().find((s: { consultationId: string }) => s.consultationId === consultationId),
    ).toEqual(stored);
    expect(await lastAudit(staff.id)).toMatchObject({
      action: 'transcription.list',
      details: { count: list.json().length },
    });

    // The PDF: patient, doctor, summary, notes, findings, billing and the transcript.
    const pdf = await staff.client.get(`/api/admin/download-transcription/${consultationId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="transcription-\\d{4}-\\d{2}-\\d{2}-${consultationId.slice(0, 8)}\\.pdf"$`,
      ),
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Consultation Transcription',
      'Jamie Collins',
      'Dr. Test doctor',
      '15 min',
      SUMMARY,
      'Reports insomnia. Prefers café appointments. Consider F41.9 follow-up.',
      'Chronic pain (G89.29)',
      'Anxiety disorder (F41.9)',
      'Recommendation approved',
      'Doctor: Any nausea?',
      'Patient: Some, in the mornings.',
    ])
      expect(text).toContain(expected);
    expect(await lastAudit(staff.id)).toMatchObject({
      action: 'transcription.download',
      targetType: 'transcription',
      targetId: consultationId,
    });

    // A renamed term and a deleted one change the next findings; storing again updates.
    expect(
      (await staff.client.put(`/api/admin/keywords/${insomnia}`, { term: 'mornings' })).statusCode,
    ).toBe(200);
    expect((await staff.client.delete(`/api/admin/keywords/${nausea}`)).statusCode).toBe(204);
    const again = await staff.client.post(
      '/api/admin/process-transcription',
      body(consultationId, { notes: 'Updated: sleeps better.' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().keyFindings).toEqual([
      'Chronic pain (G89.29)',
      'Anxiety disorder (F41.9)',
      'mornings',
    ]);
    const rows = await rowsOf(consultationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ notes: 'Updated: sleeps better.', createdBy: staff.id });
    expect(rows[0]!.createdAt).toEqual(row!.createdAt);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThan(row!.updatedAt.getTime());
    expect(again.json().createdAt).toBe(row!.createdAt.toISOString());
    expect(await lastAudit(staff.id)).toMatchObject({ action: 'transcription.update' });
  });

  it('answers 404 for a consultation without a transcription and keeps doctors out', async () => {
    const { consultationId } = await consultation();
    const none = await staff.client.get(`/api/admin/download-transcription/${consultationId}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'Transcription not found', code: 'NOT_FOUND' });
    const bad = await staff.client.get('/api/admin/download-transcription/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Transcription not found');
    // Doctors hold no permissions (ruling 2): no doctor special case here.
    const refused = await doctor.client.post(
      '/api/admin/process-transcription',
      body(consultationId),
    );
    expect(refused.statusCode).toBe(403);
    expect(await rowsOf(consultationId)).toEqual([]);
  });
});
