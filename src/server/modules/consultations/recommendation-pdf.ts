import { SimplePdf } from '../../pdf/simple-pdf.js';

// The state physician recommendation, printed on approval (issue 4): patient, qualifying
// conditions with ICD codes, physician name, Oklahoma license number and NPI, the physician's
// OMMA registration and its expiry (SB 1066, issue 12), date.

export interface RecommendationData {
  patient: { firstName: string; lastName: string; dateOfBirth: string | null; address: string };
  conditions: { icdCode: string | null; description: string }[];
  physician: {
    firstName: string;
    lastName: string;
    licenseNumber: string | null;
    npi: string | null;
    ommaRegistrationNumber: string | null;
    ommaRegistrationExpiresOn: string | null;
  };
  date: string;
  applicationType: string;
}

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
  pdf
    .heading('Physician attestation', 13)
    .paragraph(
      'I am a physician licensed in the State of Oklahoma. I have examined the patient named above by ' +
        'live video consultation, reviewed the records provided, and recommend the patient for a ' +
        "medical marijuana license. I verified the patient's identity against their government-issued " +
        'photo identification, and I am registered with the Oklahoma Medical Marijuana Authority. ' +
        'The recommendation is valid for the term set by state law.',
    )
    .field('Physician', `Dr. ${data.physician.firstName} ${data.physician.lastName}`)
    .field('Oklahoma license number', data.physician.licenseNumber ?? '')
    .field('NPI', data.physician.npi ?? '')
    .field('OMMA registration', data.physician.ommaRegistrationNumber ?? '')
    .field('OMMA valid through', data.physician.ommaRegistrationExpiresOn ?? '')
    .field('Date', data.date);
  return pdf.save();
}
