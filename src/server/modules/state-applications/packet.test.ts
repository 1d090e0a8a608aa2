import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, documents } from '../../db/schema/index.js';
import { centerUpload } from '../../test/files.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  approvePatient,
  insertStateApplication,
  pdfOfPages,
  png,
  storeDocument,
} from '../../test/packet-files.js';
import { type PaidPatient, paidPatient } from '../../test/patients.js';
import { pdfLayoutText, pdfWords } from '../../test/pdf-words.js';

// The OMMA packet (issue 22): one PDF, a cover of the patient's details as OMMA's form asks for
// them, then the recommendation and each of the patient's current documents, every page of
// them; for the desk's staff only, every download audited as a read of the patient's data.

let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;
let patient: PaidPatient;
let stateApplicationId: string;
let recommendationPages: number;

const url = (id: string) => `/api/admin/state-applications/${id}/packet`;
const flat = (s: string) => s.replace(/\s+/g, ' ');
const pageText = (bytes: Uint8Array, page: number) =>
  pdfWords(bytes)
    .filter((w) => w.page === page)
    .map((w) => w.text)
    .join(' ');

beforeAll(async () => {
  t = await createTestApp({ poolSize: 5 });
  doctor = await signedInAs(t.app, 'doctor');
  staff = await signedInAs(t.app, 'master_admin');
  patient = await paidPatient(t.app);
  // The ID scanned front and back replaces the one-page ID sent with the intake.
  const id = await centerUpload(
    patient.client,
    { bytes: await pdfOfPages('ID FRONT SIDE', 'ID BACK SIDE'), name: 'id.pdf' },
    { category: 'government_id' },
  );
  expect(id.statusCode, id.body).toBe(201);
  const { documentId } = await approvePatient(patient, doctor, staff);
  const [recommendation] = await t.app.ctx.db
    .select()
    .from(documents)
    .where(eq(documents.id, documentId));
  expect(recommendation?.category).toBe('physician_recommendation');
  const view = await patient.client.get(`/api/patient/documents/${documentId}/view`);
  recommendationPages = (await PDFDocument.load(view.rawPayload)).getPageCount();
  stateApplicationId = (await insertStateApplication(t.app, patient)).id;
  // A whole visit through the API: more than the default hook time on a loaded machine.
}, 180_000);
afterAll(() => t.close());

describe('the packet', () => {
  it('is one PDF: the cover with the patient, then the recommendation and every document', async () => {
    const res = await staff.client.get(url(stateApplicationId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="omma-packet-/);
    const bytes = res.rawPayload;
    if (process.env.PACKET_OUT) writeFileSync(process.env.PACKET_OUT, bytes);

    // Cover + the recommendation's pages + the ID's two + the residency image + the photo.
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBe(1 + recommendationPages + 2 + 1 + 1);

    const cover = pageText(bytes, 1);
    expect(cover).toContain('OMMA patient application packet');
    expect(cover).toContain('Jamie Collins');
    const coverLayout = pdfLayoutText(bytes).split('\f')[0]!;
    for (const [label, value] of [
      ['Full legal name', 'Jamie Collins'],
      ['Date of birth', '1985-04-12'],
      ['Residential address', '1200 N Walker Ave, Oklahoma City, OK, 73103'],
      ['Email', patient.email],
      ['Licence type', 'New License'],
      ['Reduced fee', 'No \\(standard fee\\)'],
      ['Caregiver', 'None'],
      ['Physician', 'Dr. Test doctor'],
      ['OMMA registration', 'PHY-OK-4471'],
      ['Recommendation date', '2026-11-27'],
      ['Submit by', '2026-12-27'],
      ['OMMA application number', 'Not yet submitted'],
    ])
      expect(coverLayout).toMatch(new RegExp(`^\\s*${label} {2,}${value}\\s*$`, 'm'));
    // The list of what follows, with where each starts.
    const after = 1 + recommendationPages;
    expect(flat(coverLayout)).toContain(
      `Physician Recommendation ${recommendationPages === 1 ? 'page 2' : `pages 2–${after}`}`,
    );
    expect(flat(coverLayout)).toContain(`Government-Issued ID pages ${after + 1}–${after + 2}`);
    expect(flat(coverLayout)).toContain(`Proof of Oklahoma Residency page ${after + 3}`);
    expect(flat(coverLayout)).toContain(`Photograph page ${after + 4}`);

    // The pages in OMMA's order: the recommendation, the ID (the replaced one is gone), the
    // residency proof and the photo, each image under its document's name.
    expect(pageText(bytes, 2)).toContain('Physician Recommendation');
    expect(pageText(bytes, after + 1)).toContain('ID FRONT SIDE');
    expect(pageText(bytes, after + 2)).toContain('ID BACK SIDE');
    expect(pageText(bytes, after + 3)).toContain('Proof of Oklahoma Residency');
    expect(pageText(bytes, after + 4)).toContain('Photograph');
    expect(flat(pdfLayoutText(bytes))).not.toContain('Reduced Fee Proof');
  });

  it('holds the reduced-fee proof and names the reason and the certified caregiver', async () => {
    const other = await paidPatient(t.app);
    // …who also asked for a caregiver, and whom the physician certified homebound.
    await t.app.ctx.db
      .update(applications)
      .set({
        needsCaregiver: true,
        caregiverFirstName: 'Robin',
        caregiverLastName: 'Okafor-Hale',
        caregiverPhone: '405-555-0199',
        relationship: 'Daughter',
      })
      .where(eq(applications.id, other.application.id));
    await approvePatient(other, doctor, staff, { homebound: true });
    await t.app.ctx.db
      .update(applications)
      .set({ hasReducedFee: true, reducedFeeReason: 'medicaid' })
      .where(eq(applications.id, other.application.id));
    // The Medicaid card, photographed.
    await storeDocument(t.app, {
      patientId: other.patientId,
      applicationId: other.application.id,
      category: 'reduced_fee_proof',
      bytes: png(320, 200, (x) => [40, 90 + (x % 100), 160]),
      mimeType: 'image/png',
      uploadedBy: other.userId,
    });
    const row = await insertStateApplication(t.app, other, {
      ommaApplicationNumber: 'PAAA-1234-5678',
    });
    const res = await staff.client.get(url(row.id));
    expect(res.statusCode, res.body).toBe(200);
    const bytes = res.rawPayload;
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    const cover = pdfLayoutText(bytes).split('\f')[0]!;
    expect(cover).toMatch(/^\s*Reduced fee {2,}Medicaid Recipient\s*$/m);
    expect(cover).toMatch(/^\s*OMMA application number {2,}PAAA-1234-5678\s*$/m);
    expect(cover).toMatch(/^\s*Caregiver {2,}Robin Okafor-Hale, Daughter\s*$/m);
    expect(cover).toMatch(/^\s*Caregiver phone {2,}405-555-0199\s*$/m);
    expect(flat(cover)).toContain(`Reduced Fee Proof page ${pages}`);
    expect(pageText(bytes, pages)).toContain('Reduced Fee Proof');
  });

  it('is audited as a read of the patient’s data, each download', async () => {
    const before = (await auditRows(t.app, { targetId: stateApplicationId })).length;
    expect((await staff.client.get(url(stateApplicationId))).statusCode).toBe(200);
    expect((await staff.client.get(url(stateApplicationId))).statusCode).toBe(200);
    const rows = (await auditRows(t.app, { targetId: stateApplicationId })).slice(before);
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({
        action: 'state_application.packet_download',
        targetType: 'state_application',
        actorId: staff.id,
        patientIds: [patient.userId],
      });
  });

  it('answers 404 for an unknown state application', async () => {
    const res = await staff.client.get(url('00000000-0000-4000-8000-000000000000'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('State application not found');
  });
});

describe('who may download it', () => {
  it.each([
    ['operations_admin', {}],
    ['admin_assistant', {}],
    ['admin', {}],
  ] as const)('the desk: %s', async (role, extra) => {
    const user = await signedInAs(t.app, role, extra);
    expect((await user.client.get(url(stateApplicationId))).statusCode).toBe(200);
  });

  it.each([
    ['doctor', {}],
    ['doctor_admin', { permissions: ['meetings', 'analytics', 'documents'] }],
    ['doctor_admin', {}],
    ['operations_admin', { permissions: ['meetings', 'waiting'] }],
  ] as const)('refused with 403: %s %o', async (role, extra) => {
    const user = await signedInAs(t.app, role, {
      ...('permissions' in extra ? { permissions: [...extra.permissions] } : {}),
    });
    const before = (await auditRows(t.app, { targetId: stateApplicationId })).length;
    const res = await user.client.get(url(stateApplicationId));
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).not.toContain('pdf');
    expect(await auditRows(t.app, { targetId: stateApplicationId })).toHaveLength(before);
  });

  it('refuses the patient (403) and a caller not signed in (401)', async () => {
    expect((await patient.client.get(url(stateApplicationId))).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: url(stateApplicationId) });
    expect(anonymous.statusCode).toBe(401);
  });
});
