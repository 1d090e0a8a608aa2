import { SimplePdf } from '../../pdf/simple-pdf.js';

// The state physician recommendation, printed on approval (issue 4): patient, qualifying
// conditions with ICD codes, physician name, Oklahoma license number and NPI, the physician's
// OMMA registration and its expiry (SB 1066, issue 12), date, and the physician's electronic
// signature (issue 21). It says what the physician reviewed: the records only when the patient
// provided some, otherwise the intake application and the video examination. As OMMA reads it
// (issue 22): the physician's licensing board and office address beside the licence, and the
// caregiver only when the physician certified the patient homebound (OAC 442:10).

export interface RecommendationData {
  patient: { firstName: string; lastName: string; dateOfBirth: string | null; address: string };
  conditions: { icdCode: string | null; description: string }[];
  /** Only when the physician certified the patient homebound (outcome.ts decides). */
  caregiver?: { name: string; relationship: string | null; phone: string | null } | null;
  physician: {
    firstName: string;
    lastName: string;
    licenseNumber: string | null;
    npi: string | null;
    ommaRegistrationNumber: string | null;
    ommaRegistrationExpiresOn: string | null;
    officeAddress?: string | null;
    licensingBoard?: string | null;
  };
  date: string;
  applicationType: string;
  /** The patient filed medical records for this application (documents/queries.ts). */
  recordsProvided: boolean;
}

/** What the physician attests to having reviewed, as the records stand. */
export const reviewedSentence = (recordsProvided: boolean) =>
  recordsProvided
    ? 'I have examined the patient named above by live video consultation, reviewed the ' +
      "records provided and the patient's intake application, and recommend the patient for a " +
      'medical marijuana license.'
    : 'I have examined the patient named above by live video consultation and reviewed the ' +
      "patient's intake application; no medical records were provided. Based on that examination " +
      'and application, I recommend the patient for a medical marijuana license.';

export async function recommendationPdf(data: RecommendationData): Promise<Uint8Array> {
  const pdf = await SimplePdf.create('Physician Recommendation — Medical Marijuana');
  pdf
    .heading('Adult Patient Physician Recommendation', 18)
    .paragraph('Oklahoma medical marijuana license — physician recommendation form')
    .rule()
    .heading('Patient', 13)
    .field('Name', `${data.patient.firstName} ${data.patient.lastName}`)
    .field('Date of birth', data.patient.dateOfBirth ?? '')
    .field('Address', data.patient.address)
    .field('Application', data.applicationType)
    .heading('Qualifying conditions', 13);
  for (const c of data.conditions) pdf.field(c.icdCode ?? 'No code', c.description);
  if (data.conditions.length === 0) pdf.paragraph('None listed.');
  if (data.caregiver)
    pdf
      .heading('Caregiver', 13)
      .paragraph(
        'I certify that the patient is homebound. The patient has designated the caregiver ' +
          'named below.',
      )
      .field('Caregiver name', data.caregiver.name)
      .field('Relationship', data.caregiver.relationship ?? '')
      .field('Caregiver phone', data.caregiver.phone ?? '');
  const physician = `Dr. ${data.physician.firstName} ${data.physician.lastName}`;
  const license = data.physician.licenseNumber ?? '';
  pdf
    .heading('Physician attestation', 13)
    .paragraph(
      `I am a physician licensed in the State of Oklahoma. ${reviewedSentence(data.recordsProvided)} ` +
        "I verified the patient's identity against their government-issued photo identification, " +
        'and I am registered with the Oklahoma Medical Marijuana Authority. The recommendation is ' +
        'valid for the term set by state law.',
    )
    .field('Physician', physician)
    .field('Oklahoma license number', license)
    .field('Licensing board', data.physician.licensingBoard ?? '')
    .field('NPI', data.physician.npi ?? '')
    .field('OMMA registration', data.physician.ommaRegistrationNumber ?? '')
    .field('OMMA valid through', data.physician.ommaRegistrationExpiresOn ?? '')
    .field('Office address', data.physician.officeAddress ?? '')
    // The form is issued the moment the physician records the approval, signed in to the
    // clinic's system as themselves (outcome.ts): that act is the signature, and it says so.
    .signature({
      mark: `/s/ ${physician}`,
      date: data.date,
      caption: `Physician signature: ${physician}, Oklahoma license number ${license || '—'}`,
      statement:
        `Signed electronically by ${physician} on ${data.date}, by recording the approval of ` +
        "this recommendation while signed in to the clinic's records system as themselves.",
    });
  return pdf.save();
}
