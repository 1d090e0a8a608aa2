import type { StoredTranscription } from '../../../shared/schemas/transcription.js';
import { SimplePdf } from '../../pdf/simple-pdf.js';

// The transcription as a PDF (staff-and-video.md §2 Document Management: "transcriptions
// download as PDF"): patient, doctor, date, duration, summary, notes, key findings, billable
// content and the transcript itself.

/** Tabs become spaces; other control characters (no glyph) are dropped, line breaks kept. */
const printable = (text: string) =>
  [...text.replace(/\t/g, '    ')]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return ch === '\n' || ch === '\r' || (code >= 0x20 && code !== 0x7f);
    })
    .join('');

const dateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));

export async function transcriptionPdf(args: {
  stored: StoredTranscription;
  dateOfBirth: string | null;
  summary: string;
  notes: string;
  rawTranscript: string;
  timeZone: string;
}): Promise<Uint8Array> {
  const { stored, timeZone } = args;
  const billing = stored.billableContent;
  const pdf = await SimplePdf.create('Consultation transcription');
  pdf
    .heading('Consultation Transcription', 18)
    .paragraph(
      'Confidential patient information. Stored in the clinic’s access-controlled records.',
    )
    .rule()
    .field('Patient', stored.patientName)
    .field('Date of birth', args.dateOfBirth ?? '')
    .field('Physician', stored.doctorName)
    .field('Consultation date', dateTime(stored.consultationDate, timeZone))
    .field('Duration', `${stored.duration} min`)
    .field('Stored', dateTime(stored.updatedAt, timeZone))
    .heading('Summary', 13)
    .paragraph(printable(args.summary))
    .heading('Notes', 13)
    .paragraph(printable(args.notes))
    .heading('Key findings', 13);
  if (stored.keyFindings.length === 0) pdf.paragraph('None found.');
  for (const finding of stored.keyFindings) pdf.paragraph(`• ${finding}`);
  pdf
    .heading('Billable content', 13)
    .field('Duration', `${billing.durationMinutes} min`)
    .field(
      'Outcome',
      billing.outcome === 'approved'
        ? 'Recommendation approved'
        : billing.outcome === 'not_approved'
          ? 'Recommendation not approved'
          : 'Not recorded',
    )
    .field('Billable', billing.billable ? 'Yes' : 'No');
  if (billing.conditions.length === 0) pdf.field('Conditions', 'None');
  for (const c of billing.conditions) pdf.field(c.icdCode ?? 'No code', c.description);
  pdf.heading('Transcript', 13);
  // Each line of the transcript keeps its own paragraph (speaker turns stay apart).
  for (const line of printable(args.rawTranscript).split(/\r?\n/))
    if (line.trim()) pdf.paragraph(line);
  return pdf.save();
}
