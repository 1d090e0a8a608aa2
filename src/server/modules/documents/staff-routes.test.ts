import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, documents } from '../../db/schema/index.js';
import { centerUpload, pdfBytes, TINY_PNG } from '../../test/files.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { type Client, createTestApp, type TestApp } from '../../test/harness.js';
import { beginSeeing } from '../../test/matrix/staff-documents.js';
import {
  approveRequiredDocuments,
  type PaidPatient,
  queuedWithoutIntake,
} from '../../test/patients.js';

// Staff documents and the patients list (staff-and-video.md §2 Document Management Center,
// Doctor Consultation Interface; ruling 3: `documents`, a doctor only for the patient being
// seen; ruling 17: every list read, download and record read is audited).

let t: TestApp;
let ada: PaidPatient;
let grace: PaidPatient;
let assistant: { client: Client; id: string };
let doctor: { client: Client; id: string };
let idleDoctor: Client;
const doc = { adaId: '', adaRecords: '', gracePhoto: '' };
const ADA_ID_PDF = pdfBytes('Ada license');

async function namedPaidPatient(firstName: string, lastName: string): Promise<PaidPatient> {
  // In line without the intake's uploads, so the document counts below are this file's own.
  return queuedWithoutIntake(t.app, { firstName, lastName });
}

async function upload(
  patient: PaidPatient,
  file: { bytes: Buffer; name: string },
  category: string,
  minutesAgo: number,
): Promise<string> {
  const res = await centerUpload(patient.client, file, { category });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  // Explicit times: the lists' order is then certain.
  await t.app.ctx.db
    .update(documents)
    .set({ uploadedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(documents.id, id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await namedPaidPatient('Ada', 'Lovelace');
  grace = await namedPaidPatient('Grace', 'Hopper');
  doc.adaId = await upload(ada, { bytes: ADA_ID_PDF, name: 'id.pdf' }, 'government_id', 3);
  doc.adaRecords = await upload(
    ada,
    { bytes: pdfBytes('Ada records'), name: 'records.pdf' },
    'medical_records',
    2,
  );
  doc.gracePhoto = await upload(grace, { bytes: TINY_PNG, name: 'face.png' }, 'photo', 1);
  const condition = await ada.client.post(
    `/api/applications/${ada.application.id}/medical-conditions`,
    { icdCode: 'G89.29', description: 'Chronic pain' },
  );
  expect(condition.statusCode, condition.body).toBe(201);
  assistant = await signedInAs(t.app, 'admin_assistant');
  doctor = await signedInAs(t.app, 'doctor');
  idleDoctor = (await signedInAs(t.app, 'doctor')).client;
  await beginSeeing(t, doctor.id, ada); // the doctor is seeing Ada, not Grace
});
afterAll(() => t.close());

const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((d) => d.id);
const lastAudit = async (actorId: string) => (await auditRows(t.app, { actorId })).at(-1);
const patientView = async (patient: PaidPatient, id: string) =>
  ((await patient.client.get('/api/patient/documents')).json() as { id: string }[]).find(
    (d) => d.id === id,
  );

describe('GET /api/admin/patient-documents', () => {
  it('lists current patient uploads newest first, with names, and audits the read', async () => {
    const res = await assistant.client.get('/api/admin/patient-documents');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ids(res)).toEqual([doc.gracePhoto, doc.adaRecords, doc.adaId]);
    expect(res.json()[0]).toEqual({
      id: doc.gracePhoto,
      patientId: grace.patientId,
      patientName: 'Grace Hopper',
      dateOfBirth: '1985-04-12',
      applicationId: grace.application.id,
      name: 'face.png',
      category: 'photo',
      type: 'image/png',
      size: TINY_PNG.length,
      uploadedAt: expect.any(String),
      status: 'pending',
      reviewedBy: null,
      reviewedAt: null,
      reviewNote: null,
      generated: false,
      replacedAt: null,
    });
    expect(await lastAudit(assistant.id)).toMatchObject({
      action: 'document.list',
      actorRole: 'admin_assistant',
      targetType: 'patient_documents',
      details: { count: 3 },
    });
  });

  it('filters on the server: name or file name (any case), category, status', async () => {
    const list = async (query: string) => {
      const res = await assistant.client.get(`/api/admin/patient-documents?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };
    expect(await list('search=LOVELACE')).toEqual([doc.adaRecords, doc.adaId]);
    expect(await list('search=ada%20lov')).toEqual([doc.adaRecords, doc.adaId]);
    expect(await list('search=Face')).toEqual([doc.gracePhoto]);
    expect(await list('search=records')).toEqual([doc.adaRecords]);
    expect(await list('search=%25')).toEqual([]); // a literal "%" matches nothing here
    expect(await list('category=government_id')).toEqual([doc.adaId]);
    expect(await list('status=pending&search=hopper')).toEqual([doc.gracePhoto]);
    expect(await list('status=approved')).toEqual([]);
    expect(await list('search=&category=&status=')).toHaveLength(3);

    const bad = await assistant.client.get('/api/admin/patient-documents?category=passport');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a document category');
    const badStatus = await assistant.client.get('/api/admin/patient-documents?status=lost');
    expect(badStatus.json().message).toBe('Choose a document status');
  });
});

describe('a doctor reaches only the patient being seen', () => {
  it('lists, downloads and reads only that patient; others answer 404', async () => {
    expect(ids(await doctor.client.get('/api/admin/patient-documents'))).toEqual([
      doc.adaRecords,
      doc.adaId,
    ]);
    expect((await idleDoctor.get('/api/admin/patient-documents')).json()).toEqual([]);
    expect((await idleDoctor.get('/api/admin/patients')).json()).toEqual([]);
    expect(
      (await doctor.client.get('/api/admin/patients')).json().map((p: { id: string }) => p.id),
    ).toEqual([ada.patientId]);

    const other = await doctor.client.get(`/api/admin/download-document/${doc.gracePhoto}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Document not found', code: 'NOT_FOUND' });
    expect(
      (await assistant.client.get(`/api/admin/download-document/${doc.gracePhoto}`)).statusCode,
    ).toBe(200);

    const record = await doctor.client.get(`/api/admin/patients/${grace.patientId}/record`);
    expect(record.statusCode).toBe(404);
    expect(record.json().message).toBe('Patient record not found');
    expect(
      (await assistant.client.get(`/api/admin/patients/${grace.patientId}/record`)).statusCode,
    ).toBe(200);

    const review = await doctor.client.post(`/api/admin/documents/${doc.gracePhoto}/review`, {
      status: 'approved',
    });
    expect(review.statusCode).toBe(404);
    expect(await patientView(grace, doc.gracePhoto)).toMatchObject({ status: 'pending' });
  });
});

describe('GET /api/admin/download-document/:id', () => {
  it('sends the decrypted file as an attachment and audits every download', async () => {
    const before = await auditRows(t.app, { targetId: doc.adaId });
    for (const who of [doctor, assistant]) {
      const res = await who.client.get(`/api/admin/download-document/${doc.adaId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(ADA_ID_PDF)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="id.pdf"; filename*=UTF-8''id.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const added = (await auditRows(t.app, { targetId: doc.adaId })).slice(before.length);
    expect(added.map((r) => [r.action, r.actorId, r.targetType])).toEqual([
      ['document.download', doctor.id, 'document'],
      ['document.download', assistant.id, 'document'],
    ]);
  });

  it('answers a missing document 404 and a malformed id 400', async () => {
    const missing = await assistant.client.get(
      '/api/admin/download-document/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    const malformed = await assistant.client.get('/api/admin/download-document/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Document not found');
  });
});

describe('POST /api/admin/documents/:id/review', () => {
  const reviewRows = async (id: string) =>
    t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'document.review')));

  it('needs a reason to reject, and then writes nothing', async () => {
    for (const body of [{ status: 'rejected' }, { status: 'rejected', note: '   ' }]) {
      const res = await assistant.client.post(`/api/admin/documents/${doc.adaId}/review`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please say why the document is rejected');
    }
    const bad = await assistant.client.post(`/api/admin/documents/${doc.adaId}/review`, {
      status: 'lost',
    });
    expect(bad.json().message).toBe('Choose approved or rejected');
    expect(await patientView(ada, doc.adaId)).toMatchObject({
      status: 'pending',
      reviewNote: null,
    });
    expect(await reviewRows(doc.adaId)).toEqual([]);
  });

  it('changes what the patient sees, tells the patient live and audits it', async () => {
    const toUser = vi.spyOn(t.app.ctx.realtime, 'toUser');
    const res = await assistant.client.post(`/api/admin/documents/${doc.adaId}/review`, {
      status: 'approved',
      note: 'Clear copy',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Document approved',
      document: {
        id: doc.adaId,
        status: 'approved',
        reviewedBy: 'Test admin_assistant',
        reviewedAt: expect.any(String),
        reviewNote: 'Clear copy',
      },
    });
    expect(await patientView(ada, doc.adaId)).toMatchObject({
      status: 'approved',
      reviewNote: 'Clear copy',
      reviewedAt: expect.any(String),
    });
    expect(toUser).toHaveBeenCalledWith(ada.userId, 'document-update', {
      documentId: doc.adaId,
      status: 'approved',
    });

    // The doctor seeing Ada may review her documents too.
    const reject = await doctor.client.post(`/api/admin/documents/${doc.adaRecords}/review`, {
      status: 'rejected',
      note: 'Records are older than a year',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json().message).toBe('Document rejected');
    expect(await patientView(ada, doc.adaRecords)).toMatchObject({
      status: 'rejected',
      reviewNote: 'Records are older than a year',
    });
    toUser.mockRestore();

    expect((await reviewRows(doc.adaId)).map((r) => [r.actorId, r.details])).toEqual([
      [assistant.id, { status: 'approved', previous: 'pending' }],
    ]);
    const approved = await assistant.client.get('/api/admin/patient-documents?status=approved');
    expect(ids(approved)).toEqual([doc.adaId]);
  });

  it('reviews only the current version: a replaced one answers 409', async () => {
    const replacement = await centerUpload(
      ada.client,
      { bytes: pdfBytes('Ada new license'), name: 'id-new.pdf' },
      { category: 'government_id' },
    );
    expect(replacement.statusCode).toBe(201);
    const res = await assistant.client.post(`/api/admin/documents/${doc.adaId}/review`, {
      status: 'rejected',
      note: 'Expired',
    });
    expect(res.statusCode).toBe(409);
    expect(await patientView(ada, replacement.json().id)).toMatchObject({ status: 'pending' });
    expect(
      ids(await assistant.client.get('/api/admin/patient-documents?category=government_id')),
    ).toEqual([replacement.json().id]);
    const missing = await assistant.client.post(
      '/api/admin/documents/00000000-0000-4000-8000-000000000000/review',
      { status: 'approved' },
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/admin/patients', () => {
  it('lists patients newest first with their latest application and document count', async () => {
    const res = await assistant.client.get('/api/admin/patients');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: grace.patientId,
        userId: grace.userId,
        firstName: 'Grace',
        lastName: 'Hopper',
        dateOfBirth: '1985-04-12',
        email: grace.email,
        phone: null,
        city: 'Oklahoma City',
        state: 'OK',
        createdAt: expect.any(String),
        latestApplication: {
          id: grace.application.id,
          status: 'payment_completed',
          type: 'new',
          paymentStatus: 'authorized',
        },
        documentCount: 1,
      },
      expect.objectContaining({
        id: ada.patientId,
        firstName: 'Ada',
        latestApplication: {
          id: ada.application.id,
          status: 'in_review', // the doctor started her consultation
          type: 'new',
          paymentStatus: 'authorized',
        },
        documentCount: 2, // the replaced ID is an earlier version, not a current document
      }),
    ]);
    expect(await lastAudit(assistant.id)).toMatchObject({
      action: 'patient_data.read',
      targetType: 'patients',
      details: { count: 2 },
    });
    const search = await assistant.client.get(
      `/api/admin/patients?search=${ada.email.toUpperCase()}`,
    );
    expect(search.json().map((p: { id: string }) => p.id)).toEqual([ada.patientId]);
  });
});

describe('GET /api/admin/patients/:patientId/record', () => {
  it('gives the doctor the record of the patient being seen, and audits it', async () => {
    const res = await doctor.client.get(`/api/admin/patients/${ada.patientId}/record`);
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record.patient).toMatchObject({
      id: ada.patientId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ada.email,
      dateOfBirth: '1985-04-12',
      city: 'Oklahoma City',
    });
    expect(record.application).toMatchObject({
      id: ada.application.id,
      status: 'in_review',
      medicalConditions: [{ icdCode: 'G89.29', description: 'Chronic pain' }],
    });
    expect(record.documents.map((d: { category: string }) => d.category)).toEqual([
      'government_id',
      'medical_records',
    ]);
    expect(record.consultation).toEqual({
      id: expect.any(String),
      queueId: ada.queue.id,
      doctorId: doctor.id,
      startedAt: expect.any(String),
      roomId: null,
      notes: '',
    });
    expect(await lastAudit(doctor.id)).toMatchObject({
      action: 'patient_record.read',
      targetType: 'patient',
      targetId: ada.patientId,
    });

    const graceRecord = (
      await assistant.client.get(`/api/admin/patients/${grace.patientId}/record`)
    ).json();
    expect(graceRecord.consultation).toBeNull();
    expect(graceRecord.application.status).toBe('payment_completed');
    const missing = await assistant.client.get(
      '/api/admin/patients/00000000-0000-4000-8000-000000000000/record',
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/admin/stored-documents', () => {
  it("holds the clinic's generated documents and earlier versions, not the review queue", async () => {
    const before = (await assistant.client.get('/api/admin/stored-documents')).json();
    expect(before).toEqual([
      expect.objectContaining({
        id: doc.adaId,
        name: 'id.pdf',
        status: 'approved',
        generated: false,
        replacedAt: expect.any(String),
      }),
    ]);
    expect(await lastAudit(assistant.id)).toMatchObject({
      action: 'document.list',
      targetType: 'stored_documents',
      details: { count: 1 },
    });

    // Ending and approving the consultation generates the recommendation form.
    expect(
      (await doctor.client.post('/api/admin/end-consultation', { queueId: ada.queue.id }))
        .statusCode,
    ).toBe(200);
    const consultationId = (
      await doctor.client.get(`/api/admin/patients/${ada.patientId}/record`)
    ).json().consultation;
    expect(consultationId).toBeNull(); // ended: nothing in progress
    const [row] = await t.app.ctx.db
      .select({ id: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'consultation.end'), eq(auditLog.actorId, doctor.id)));
    // An approval needs the ID, residency and photo approved (issue 21): Ada sends the two
    // she lacks, and they are approved with her ID.
    await upload(ada, { bytes: TINY_PNG, name: 'bill.png' }, 'proof_of_residency', 1);
    await upload(ada, { bytes: TINY_PNG, name: 'me.png' }, 'photo', 1);
    await approveRequiredDocuments(t.app, row!.id!);
    const outcome = await doctor.client.post(`/api/admin/consultations/${row!.id}/outcome`, {
      approved: true,
      identityVerified: true,
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    const recommendationId = outcome.json().documentId;

    const stored = await assistant.client.get('/api/admin/stored-documents');
    expect(ids(stored)).toEqual([recommendationId, doc.adaId]);
    expect(stored.json()[0]).toMatchObject({
      patientName: 'Ada Lovelace',
      category: 'physician_recommendation',
      type: 'application/pdf',
      status: 'approved',
      reviewedBy: 'Test doctor',
      generated: true,
      replacedAt: null,
    });
    expect(ids(await assistant.client.get('/api/admin/patient-documents'))).not.toContain(
      recommendationId,
    );
    expect(
      ids(
        await assistant.client.get('/api/admin/stored-documents?category=physician_recommendation'),
      ),
    ).toEqual([recommendationId]);
    const pdf = await assistant.client.get(`/api/admin/download-document/${recommendationId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
