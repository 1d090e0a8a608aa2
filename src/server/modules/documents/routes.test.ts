import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '../../../shared/documents.js';
import { documents } from '../../db/schema/index.js';
import {
  centerUpload,
  dashboardUpload,
  ELF_BYTES,
  HTML_BYTES,
  MZ_BYTES,
  pdfBytes,
  storedFiles,
  TINY_JPEG,
  TINY_PNG,
  type UploadFile,
} from '../../test/files.js';
import { auditRows } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { applicationsOf, registerPatient, type TestPatient } from '../../test/patients.js';

// Documents (patient-side.md §5 Dashboard document upload, Upload center; rulings 7, 15, 17,
// 20): one store for both paths, a limit per category, type by content, encrypted at rest.

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = t.app.ctx.config.DATA_DIR;
});
afterAll(() => t.close());

type Patient = TestPatient & { applicationId: string };

async function patientWithApplication(): Promise<Patient> {
  const patient = await registerPatient(t.app);
  const res = await patient.client.post('/api/applications', { type: 'new' });
  expect(res.statusCode).toBe(201);
  return { ...patient, applicationId: res.json().id };
}

const documentsOf = (patientId: string) =>
  t.app.ctx.db
    .select()
    .from(documents)
    .where(eq(documents.patientId, patientId))
    .orderBy(asc(documents.uploadedAt));

const pngOf = (size: number) =>
  Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, size - TINY_PNG.length), 7)]);

/** A refused upload answers status and message and leaves no file and no row behind. */
async function expectRefused(
  patient: TestPatient,
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  message: string,
) {
  const files = storedFiles(dataDir);
  const rows = await documentsOf(patient.patientId);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(storedFiles(dataDir)).toEqual(files);
  expect(await documentsOf(patient.patientId)).toEqual(rows);
}

describe('POST /api/documents/upload (dashboard)', () => {
  it('stores each dashboard type under its category and lists them for the application', async () => {
    const patient = await patientWithApplication();
    const uploads: { type: string; file: UploadFile; category: string; mime: string }[] = [
      {
        type: 'id',
        file: { bytes: pdfBytes('License'), name: 'license.pdf' },
        category: 'government_id',
        mime: 'application/pdf',
      },
      {
        type: 'photo',
        file: { bytes: TINY_JPEG, name: 'me.jpg', type: 'image/jpeg' },
        category: 'photo',
        mime: 'image/jpeg',
      },
      {
        type: 'residency_proof',
        file: { bytes: TINY_PNG, name: 'bill.png' },
        category: 'proof_of_residency',
        mime: 'image/png',
      },
      {
        type: 'medical_records',
        file: { bytes: pdfBytes('Records'), name: 'records.pdf' },
        category: 'medical_records',
        mime: 'application/pdf',
      },
    ];
    for (const u of uploads) {
      const res = await dashboardUpload(patient.client, u.file, {
        type: u.type,
        applicationId: patient.applicationId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        type: u.type,
        category: u.category,
        fileName: u.file.name,
        mimeType: u.mime,
        size: u.file.bytes.length,
        status: 'pending',
        applicationId: patient.applicationId,
        uploadedAt: expect.any(String),
      });
      const [audit] = await auditRows(t.app, { targetId: res.json().id });
      expect(audit).toMatchObject({ action: 'document.upload', actorId: patient.userId });
    }
    const byPath = await patient.client.get(`/api/documents/${patient.applicationId}`);
    expect(byPath.statusCode).toBe(200);
    expect(
      byPath
        .json()
        .map((d: { type: string }) => d.type)
        .sort(),
    ).toEqual(['id', 'medical_records', 'photo', 'residency_proof'].sort());
    const viaApplication = await patient.client.get(
      `/api/applications/${patient.applicationId}/documents`,
    );
    expect(viaApplication.json()).toEqual(byPath.json());
    const center = await patient.client.get('/api/patient/documents');
    expect(
      center
        .json()
        .map((d: { category: string }) => d.category)
        .sort(),
    ).toEqual(['government_id', 'medical_records', 'photo', 'proof_of_residency'].sort());
    expect(storedFiles(dataDir)).toEqual(
      expect.arrayContaining((await documentsOf(patient.patientId)).map((d) => d.storageKey)),
    );
  });

  it('needs an application, a type and a file', async () => {
    const patient = await patientWithApplication();
    const pdf = { bytes: pdfBytes(), name: 'a.pdf' };
    await expectRefused(
      patient,
      () => dashboardUpload(patient.client, pdf, { type: 'id' }),
      400,
      'Please create an application first before uploading documents.',
    );
    await expectRefused(
      patient,
      () => dashboardUpload(patient.client, pdf, { applicationId: patient.applicationId }),
      400,
      'Please select a file and document type.',
    );
    await expectRefused(
      patient,
      () =>
        dashboardUpload(patient.client, pdf, {
          type: 'passport',
          applicationId: patient.applicationId,
        }),
      400,
      'Please select a file and document type.',
    );
    await expectRefused(
      patient,
      () =>
        dashboardUpload(patient.client, null, { type: 'id', applicationId: patient.applicationId }),
      400,
      'Please select a file and document type.',
    );
    await expectRefused(
      patient,
      () => dashboardUpload(patient.client, pdf, { type: 'id', applicationId: 'nope' }),
      404,
      'No application found',
    );
  });

  it('refuses the 11th document on one application (409)', async () => {
    const patient = await patientWithApplication();
    for (let i = 0; i < 10; i++) {
      const res = await dashboardUpload(
        patient.client,
        { bytes: pdfBytes(`Record ${i}`), name: `record-${i}.pdf` },
        { type: 'medical_records', applicationId: patient.applicationId },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    await expectRefused(
      patient,
      () =>
        dashboardUpload(
          patient.client,
          { bytes: pdfBytes('One too many'), name: 'eleven.pdf' },
          { type: 'medical_records', applicationId: patient.applicationId },
        ),
      409,
      'You can upload a maximum of 10 documents.',
    );
    expect(await documentsOf(patient.patientId)).toHaveLength(10);
  });
});

describe('limits per category, whichever path (ruling 20)', () => {
  const sixMb = pdfBytes('Too big', 6 * MB);

  it('a 6 MB PDF is too large as government_id on both paths, and fine as medical_records', async () => {
    const patient = await patientWithApplication();
    await expectRefused(
      patient,
      () =>
        dashboardUpload(
          patient.client,
          { bytes: sixMb, name: 'id.pdf' },
          {
            type: 'id',
            applicationId: patient.applicationId,
          },
        ),
      413,
      'File must be smaller than 5MB.',
    );
    await expectRefused(
      patient,
      () =>
        centerUpload(
          patient.client,
          { bytes: sixMb, name: 'id.pdf' },
          {
            category: 'government_id',
          },
        ),
      413,
      'File must be smaller than 5MB.',
    );
    const records = await dashboardUpload(
      patient.client,
      { bytes: sixMb, name: 'records.pdf' },
      { type: 'medical_records', applicationId: patient.applicationId },
    );
    expect(records.statusCode, records.body).toBe(201);
    expect(records.json().size).toBe(6 * MB);
    const center = await centerUpload(
      patient.client,
      { bytes: sixMb, name: 'records.pdf' },
      { category: 'medical_records' },
    );
    expect(center.statusCode).toBe(201);
  });

  // The recommendation is the clinic's to issue (clinic-issued.test.ts).
  it.each(['proof_of_residency', 'reduced_fee_proof'])(
    '%s takes 5 MB and no more',
    async (category) => {
      const patient = await patientWithApplication();
      await expectRefused(
        patient,
        () => centerUpload(patient.client, { bytes: sixMb, name: 'big.pdf' }, { category }),
        413,
        'File must be smaller than 5MB.',
      );
      await expectRefused(
        patient,
        () =>
          centerUpload(
            patient.client,
            { bytes: pdfBytes('x', 5 * MB + 1), name: 'edge.pdf' },
            {
              category,
            },
          ),
        413,
        'File must be smaller than 5MB.',
      );
      const ok = await centerUpload(
        patient.client,
        { bytes: pdfBytes('x', 5 * MB), name: 'edge.pdf' },
        { category },
      );
      expect(ok.statusCode, ok.body).toBe(201);
    },
  );

  it('photo takes a 5 MB image and no more', async () => {
    const patient = await patientWithApplication();
    await expectRefused(
      patient,
      () =>
        centerUpload(
          patient.client,
          { bytes: pngOf(5 * MB + 1), name: 'me.png' },
          {
            category: 'photo',
          },
        ),
      413,
      'File must be smaller than 5MB.',
    );
    const ok = await centerUpload(
      patient.client,
      { bytes: pngOf(5 * MB), name: 'me.png' },
      {
        category: 'photo',
      },
    );
    expect(ok.statusCode).toBe(201);
  });

  it('medical_records stops at 10 MB with its own message', async () => {
    const patient = await patientWithApplication();
    await expectRefused(
      patient,
      () =>
        dashboardUpload(
          patient.client,
          { bytes: pdfBytes('x', 11 * MB), name: 'huge.pdf' },
          {
            type: 'medical_records',
            applicationId: patient.applicationId,
          },
        ),
      413,
      'File must be smaller than 10MB.',
    );
    await expectRefused(
      patient,
      () =>
        centerUpload(
          patient.client,
          { bytes: pdfBytes('x', 10 * MB + 1), name: 'huge.pdf' },
          {
            category: 'medical_records',
          },
        ),
      413,
      'File must be smaller than 10MB.',
    );
  });
});

describe('a file is what its content says (ruling 7)', () => {
  const cases: { label: string; file: UploadFile; category: string; dashboard?: string }[] = [
    {
      label: 'HTML named x.pdf, claimed application/pdf',
      file: { bytes: HTML_BYTES, name: 'x.pdf', type: 'application/pdf' },
      category: 'government_id',
      dashboard: 'id',
    },
    {
      label: 'a Linux executable named .pdf',
      file: { bytes: ELF_BYTES, name: 'records.pdf', type: 'application/pdf' },
      category: 'medical_records',
      dashboard: 'medical_records',
    },
    {
      label: 'a Windows executable named .pdf',
      file: { bytes: MZ_BYTES, name: 'bill.pdf', type: 'application/pdf' },
      category: 'proof_of_residency',
      dashboard: 'residency_proof',
    },
    {
      label: 'a PDF as a photo (JPEG or PNG only)',
      file: { bytes: pdfBytes('Not a face'), name: 'face.jpg', type: 'image/jpeg' },
      category: 'photo',
      dashboard: 'photo',
    },
    {
      label: 'an empty file named .pdf',
      file: { bytes: Buffer.alloc(0), name: 'empty.pdf', type: 'application/pdf' },
      category: 'government_id',
    },
  ];

  it.each(cases)('$label → 415 "Invalid file type", nothing kept', async (c) => {
    const patient = await patientWithApplication();
    await expectRefused(
      patient,
      () => centerUpload(patient.client, c.file, { category: c.category }),
      415,
      'Invalid file type',
    );
    if (c.dashboard)
      await expectRefused(
        patient,
        () =>
          dashboardUpload(patient.client, c.file, {
            type: c.dashboard,
            applicationId: patient.applicationId,
          }),
        415,
        'Invalid file type',
      );
  });

  it('the stored type is the detected one, not the name or the claim', async () => {
    const patient = await patientWithApplication();
    const res = await centerUpload(
      patient.client,
      { bytes: TINY_PNG, name: 'scan.exe', type: 'application/x-msdownload' },
      { category: 'government_id' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'image/png', name: 'scan.exe' });
  });
});

describe('the upload center', () => {
  it('application-status lists what is missing until every required category is in', async () => {
    const patient = await registerPatient(t.app);
    // Medical records are optional (issue 21): never named as missing.
    const required = ['government_id', 'proof_of_residency', 'photo'];
    let status = await patient.client.get('/api/patient/application-status');
    expect(status.statusCode).toBe(200);
    // No open application: nothing is asked for yet.
    expect(status.json()).toEqual({
      applicationId: null,
      requiresDocuments: false,
      missingCategories: required,
    });

    const app = await patient.client.post('/api/applications', { type: 'new' });
    const applicationId = app.json().id;
    status = await patient.client.get('/api/patient/application-status');
    expect(status.json()).toEqual({
      applicationId,
      requiresDocuments: true,
      missingCategories: required,
    });
    // Medical records uploaded first change nothing of what is required.
    const records = await centerUpload(
      patient.client,
      { bytes: pdfBytes('Records'), name: 'records.pdf' },
      { category: 'medical_records' },
    );
    expect(records.statusCode, records.body).toBe(201);
    expect((await patient.client.get('/api/patient/application-status')).json()).toEqual({
      applicationId,
      requiresDocuments: true,
      missingCategories: required,
    });

    const files: Record<string, UploadFile> = {
      government_id: { bytes: pdfBytes('ID'), name: 'id.pdf' },
      proof_of_residency: { bytes: TINY_JPEG, name: 'bill.jpg' },
      photo: { bytes: TINY_PNG, name: 'face.png' },
    };
    for (const [i, category] of required.entries()) {
      const res = await centerUpload(patient.client, files[category]!, { category });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ category, applicationId, status: 'pending' });
      status = await patient.client.get('/api/patient/application-status');
      expect(status.json()).toEqual({
        applicationId,
        requiresDocuments: i < required.length - 1,
        missingCategories: required.slice(i + 1),
      });
    }
    // The optional recommendation form is never required.
    const listed = await patient.client.get('/api/patient/documents');
    expect(listed.json()).toHaveLength(4);
  });

  it('a patient with the three required documents and no medical records needs nothing more', async () => {
    const patient = await registerPatient(t.app);
    await patient.client.post('/api/applications', { type: 'new' });
    for (const [category, file] of [
      ['government_id', { bytes: pdfBytes('ID'), name: 'id.pdf' }],
      ['proof_of_residency', { bytes: TINY_JPEG, name: 'bill.jpg' }],
      ['photo', { bytes: TINY_PNG, name: 'face.png' }],
    ] as const)
      expect((await centerUpload(patient.client, file, { category })).statusCode).toBe(201);
    const status = (await patient.client.get('/api/patient/application-status')).json();
    expect(status).toMatchObject({ requiresDocuments: false, missingCategories: [] });
  });

  it('replacing a document keeps the earlier version as a row with replaced_at', async () => {
    const patient = await patientWithApplication();
    const first = await centerUpload(
      patient.client,
      { bytes: pdfBytes('Old license'), name: 'old.pdf' },
      { category: 'government_id' },
    );
    expect(first.statusCode).toBe(201);
    const second = await centerUpload(
      patient.client,
      { bytes: TINY_JPEG, name: 'camera.jpg' },
      { category: 'government_id', name: 'Driver license (front)' },
    );
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ name: 'Driver license (front)', type: 'image/jpeg' });

    const listed = await patient.client.get('/api/patient/documents');
    expect(listed.json()).toEqual([second.json()]);
    const rows = await documentsOf(patient.patientId);
    expect(rows).toHaveLength(2);
    const [old, current] = rows;
    expect(old).toMatchObject({ id: first.json().id, originalName: 'old.pdf' });
    expect(old!.replacedAt).toBeInstanceOf(Date);
    expect(current).toMatchObject({ id: second.json().id, replacedAt: null, replacesId: old!.id });
    // Both versions' files are kept.
    expect(storedFiles(dataDir)).toEqual(
      expect.arrayContaining([old!.storageKey, current!.storageKey]),
    );
    const [audit] = await auditRows(t.app, { targetId: current!.id });
    expect(audit).toMatchObject({ action: 'document.replace', actorId: patient.userId });
  });

  it('two reduced-fee proofs sent at once make one open application', async () => {
    const patient = await registerPatient(t.app);
    const send = (marker: string) =>
      centerUpload(
        patient.client,
        { bytes: pdfBytes(marker), name: `${marker}.pdf` },
        {
          category: 'reduced_fee_proof',
        },
      );
    const results = await Promise.all([send('front'), send('back')]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const apps = await applicationsOf(t.app, patient.patientId);
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ paymentStatus: 'unpaid', hasReducedFee: true });
    const rows = await documentsOf(patient.patientId);
    expect(rows.map((r) => r.applicationId)).toEqual([apps[0]!.id, apps[0]!.id]);
    expect(rows.filter((r) => r.replacedAt === null)).toHaveLength(1);
  });

  it('refuses an unknown category', async () => {
    const patient = await patientWithApplication();
    await expectRefused(
      patient,
      () =>
        centerUpload(patient.client, { bytes: pdfBytes(), name: 'a.pdf' }, { category: 'selfie' }),
      400,
      'Please choose a document category.',
    );
  });
});

describe('stored files and GET /api/patient/documents/:id/view', () => {
  const marker = 'PATIENT-RECORD-7f3a: Jamie Collins, chronic pain since 2019';
  const original = pdfBytes(marker, 40_000);

  async function uploaded() {
    const patient = await patientWithApplication();
    const res = await centerUpload(
      patient.client,
      { bytes: original, name: 'Récords 2024 (final).pdf', type: 'application/octet-stream' },
      { category: 'medical_records' },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await documentsOf(patient.patientId);
    return { patient, row: row!, file: path.join(dataDir, 'files', row!.storageKey) };
  }

  it('are encrypted at rest: no plaintext on disk', async () => {
    const { file } = await uploaded();
    const raw = readFileSync(file);
    expect(raw.subarray(0, 4).toString('latin1')).toBe('OKE1');
    expect(raw.length).toBe(original.length + 4 + 12 + 16);
    expect(raw.includes(Buffer.from(marker))).toBe(false);
    expect(raw.includes(original.subarray(0, 64))).toBe(false);
    expect(raw.includes(original.subarray(20_000, 20_064))).toBe(false);
  });

  it('view answers the exact bytes, inline, never cached, and audits each view', async () => {
    const { patient, row } = await uploaded();
    for (let i = 0; i < 2; i++) {
      const res = await patient.client.get(`/api/patient/documents/${row.id}/view`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(original)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="R_cords 2024 (final).pdf"; filename*=UTF-8''${encodeURIComponent('Récords 2024 (final).pdf')}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const views = (await auditRows(t.app, { targetId: row.id })).filter(
      (r) => r.action === 'document.view',
    );
    expect(views).toHaveLength(2);
    for (const v of views)
      expect(v).toMatchObject({
        actorId: patient.userId,
        actorRole: 'patient',
        targetType: 'document',
      });
  });

  it('a tampered file fails to view and never answers altered bytes', async () => {
    const { patient, row, file } = await uploaded();
    const raw = readFileSync(file);
    for (const offset of [20, 20_000, raw.length - 5]) {
      const tampered = Buffer.from(raw);
      tampered[offset]! ^= 0x01;
      writeFileSync(file, tampered);
      const res = await patient.client.get(`/api/patient/documents/${row.id}/view`);
      expect(res.statusCode, `byte ${offset}`).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.includes(Buffer.from('PDF'))).toBe(false);
    }
    const views = (await auditRows(t.app, { targetId: row.id })).filter(
      (r) => r.action === 'document.view',
    );
    expect(views).toEqual([]);
    // Restored, it reads again.
    writeFileSync(file, raw);
    const res = await patient.client.get(`/api/patient/documents/${row.id}/view`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);
  });
});
