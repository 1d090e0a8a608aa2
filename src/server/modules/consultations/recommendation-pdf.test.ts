import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardUpload, pdfBytes } from '../../test/files.js';
import { signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { approvePatient } from '../../test/packet-files.js';
import { type PaidPatient, paidPatient } from '../../test/patients.js';
import { overlappingWords, pdfLayoutText, pdfWords } from '../../test/pdf-words.js';
import { type RecommendationData, recommendationPdf } from './recommendation-pdf.js';

// The recommendation form as a reader sees it (issue 21): every label apart from its value,
// nothing drawn over anything else even with a long name and address, a signature line with
// the physician's name, license and the date, and "reviewed the records provided" only when
// the patient provided records. As OMMA reads it (issue 22): the physician's licensing board
// and office address, and a caregiver only when given (outcome.ts: homebound certified).

const LONG: RecommendationData = {
  patient: {
    firstName: 'Maximiliana-Alexandrina Evangelina',
    lastName: 'Vanderbilt-Montgomery-Oyelaran-Castellanos',
    dateOfBirth: '1979-11-21',
    address:
      '12345 North Southwestern Boulevard Extension Road, Apartment 1204 Building C Rear ' +
      'Entrance, Oklahoma City, OK, 73120',
  },
  conditions: [
    { icdCode: 'G89.29', description: 'Chronic pain' },
    { icdCode: null, description: `Condition-without-any-spaces-${'x'.repeat(120)}` },
  ],
  caregiver: { name: 'Robin Okafor-Hale', relationship: 'Daughter', phone: '405-555-0199' },
  physician: {
    firstName: 'Alexandra',
    lastName: 'Whitfield-Harrington',
    licenseNumber: 'OK-12345',
    npi: '1234567890',
    ommaRegistrationNumber: 'PHY-OK-4471',
    ommaRegistrationExpiresOn: '2027-06-30',
    officeAddress: '4801 N Classen Blvd, Suite 200, Oklahoma City, OK 73118',
    licensingBoard: 'Oklahoma State Board of Medical Licensure and Supervision',
  },
  date: '2026-11-27',
  applicationType: 'New License',
  recordsProvided: false,
};

/** The text with runs of spaces and line breaks as one space: what a sentence reads. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the recommendation form', () => {
  it.each([
    ['with records', true],
    ['without records', false],
  ])(
    '%s: labels apart from values, nothing overlapping, inside the margins',
    async (_, records) => {
      const bytes = await recommendationPdf({ ...LONG, recordsProvided: records });
      const text = pdfLayoutText(bytes);
      for (const [label, value] of [
        ['Oklahoma license number', 'OK-12345'],
        ['OMMA valid through', '2027-06-30'],
        ['OMMA registration', 'PHY-OK-4471'],
        ['Physician', 'Dr. Alexandra Whitfield-Harrington'],
        ['Date of birth', '1979-11-21'],
        ['NPI', '1234567890'],
        ['Office address', '4801 N Classen Blvd, Suite 200, Oklahoma City, OK 73118'],
        ['Caregiver name', 'Robin Okafor-Hale'],
        ['Relationship', 'Daughter'],
        ['Caregiver phone', '405-555-0199'],
      ])
        expect(text).toMatch(new RegExp(`^\\s*${label} {2,}${value}\\s*$`, 'm'));

      const words = pdfWords(bytes);
      expect(words.length).toBeGreaterThan(100);
      expect(overlappingWords(words)).toEqual([]);
      const rightMargin = 612 - 56 + 0.5;
      expect(words.filter((w) => w.xMax > rightMargin).map((w) => w.text)).toEqual([]);
      // The long name, address and code-less condition are all there, wrapped.
      expect(flat(text)).toContain('Vanderbilt-Montgomery-Oyelaran-Castellanos');
      expect(flat(text)).toContain('Oklahoma City, OK, 73120');
      // The licensing board wraps beside its label (issue 22).
      expect(flat(text)).toMatch(/Licensing board Oklahoma State Board of Medical Licensure/);
      expect(flat(text)).toContain('I certify that the patient is homebound.');
    },
  );

  it('signs on a line: the electronic signature, name, license and date', async () => {
    const text = pdfLayoutText(await recommendationPdf(LONG));
    const lines = text.split('\n').map((l) => l.trim());
    const mark = lines.findIndex((l) =>
      /^\/s\/ Dr\. Alexandra Whitfield-Harrington\s+2026-11-27$/.test(l),
    );
    expect(mark, text).toBeGreaterThan(-1);
    expect(lines[mark + 1]).toMatch(
      /^Physician signature: Dr\. Alexandra Whitfield-Harrington,.*\s{2,}Date$/,
    );
    // The caption wraps under the line; the date's caption sits beside its first line.
    expect(flat(text)).toMatch(
      /Physician signature: Dr\. Alexandra Whitfield-Harrington, Oklahoma license (Date )?number OK-12345/,
    );
    expect(flat(text)).toContain(
      'Signed electronically by Dr. Alexandra Whitfield-Harrington on 2026-11-27',
    );
  });

  it('says the records were reviewed only when there were records', async () => {
    const withRecords = flat(
      pdfLayoutText(await recommendationPdf({ ...LONG, recordsProvided: true })),
    );
    expect(withRecords).toContain('reviewed the records provided');
    expect(withRecords).not.toContain('no medical records were provided');

    const without = flat(pdfLayoutText(await recommendationPdf(LONG)));
    expect(without).not.toContain('records provided');
    expect(without).toContain(
      "examined the patient named above by live video consultation and reviewed the patient's intake application; no medical records were provided",
    );
  });
});

describe('the form a physician issues on approval', () => {
  let t: TestApp;
  let doctor: Awaited<ReturnType<typeof signedInAs>>;
  let staff: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 5 });
    doctor = await signedInAs(t.app, 'doctor');
    staff = await signedInAs(t.app, 'master_admin');
  });
  afterAll(() => t.close());

  /** Seen, documents approved, approved: the delivered form's text. */
  async function approvedForm(patient: PaidPatient): Promise<string> {
    // Approval may want the documents approved first (issue 21, item 10): the clinic's review.
    const { documentId } = await approvePatient(patient, doctor, staff);
    const pdf = await patient.client.get(`/api/patient/documents/${documentId}/view`);
    expect(pdf.statusCode).toBe(200);
    return pdfLayoutText(pdf.rawPayload);
  }

  it('without medical records it names what was reviewed: the application and the examination', async () => {
    const text = await approvedForm(await paidPatient(t.app));
    expect(flat(text)).not.toContain('records provided');
    expect(flat(text)).toContain('no medical records were provided');
    expect(text).toMatch(/Oklahoma license number {2,}OK-12345/);
  });

  it('with medical records uploaded it says the physician reviewed them', async () => {
    const patient = await paidPatient(t.app);
    const upload = await dashboardUpload(
      patient.client,
      { bytes: pdfBytes('Clinic notes'), name: 'records.pdf' },
      { type: 'medical_records', applicationId: patient.application.id },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const text = flat(await approvedForm(patient));
    expect(text).toContain('reviewed the records provided');
    expect(text).not.toContain('no medical records were provided');
  });

  it('rejected records are not records provided', async () => {
    const patient = await paidPatient(t.app);
    const upload = await dashboardUpload(
      patient.client,
      { bytes: pdfBytes('Wrong person'), name: 'records.pdf' },
      { type: 'medical_records', applicationId: patient.application.id },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const rejected = await staff.client.post(`/api/admin/documents/${upload.json().id}/review`, {
      status: 'rejected',
      note: 'Not this patient',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const text = flat(await approvedForm(patient));
    expect(text).toContain('no medical records were provided');
  });
});
