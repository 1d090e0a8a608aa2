import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { JPEG, PDF, PNG } from '../../../shared/documents.js';
import type { AppContext } from '../../context.js';
import { jpegRotation } from '../../pdf/jpeg-orientation.js';
import { embedClinicFonts, MARGIN, PAGE, SimplePdf } from '../../pdf/simple-pdf.js';
import {
  type PacketContents,
  type PacketCover,
  type PacketFile,
  packetContents,
} from './packet-contents.js';

// The OMMA packet (issue 22): one PDF the desk opens beside OMMA's patient portal. A cover page
// of the patient's details in the order OMMA's application form asks for them, with the list of
// what follows and where; then the recommendation, the government ID, the proof of residency,
// the photo and any reduced-fee proof. A PDF's pages are copied in as they are; an image is
// placed on a page of its own under the document's name. A file that cannot be read as what it
// claims to be gets a page saying so, so the packet is never silently short of a document.

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

type Part =
  | { kind: 'pdf'; file: PacketFile; doc: PDFDocument }
  | { kind: 'image'; file: PacketFile }
  | { kind: 'unreadable'; file: PacketFile };

const pageCount = (part: Part) => (part.kind === 'pdf' ? part.doc.getPageCount() : 1);

async function partOf(file: PacketFile): Promise<Part> {
  try {
    if (file.mimeType === PDF)
      // Some scanners write owner-password PDFs: their pages copy fine without the password.
      return {
        kind: 'pdf',
        file,
        doc: await PDFDocument.load(file.bytes, { ignoreEncryption: true }),
      };
    if (file.mimeType === JPEG || file.mimeType === PNG) return { kind: 'image', file };
  } catch {
    // Falls through to a page that says the file could not be placed.
  }
  return { kind: 'unreadable', file };
}

const pageRange = (first: number, count: number) =>
  count === 1 ? `page ${first}` : `pages ${first}–${first + count - 1}`;

/** The cover, its contents numbered from `coverPages` on. */
async function coverPdf(cover: PacketCover, parts: Part[], coverPages: number) {
  const pdf = await SimplePdf.create('OMMA patient application packet');
  const p = cover.patient;
  pdf
    .heading('OMMA patient application packet', 18)
    .paragraph(
      "Prepared by the clinic for the patient's Oklahoma Medical Marijuana Authority application. " +
        "The details below are in the order OMMA's patient application asks for them.",
    )
    .rule()
    .heading('Applicant', 13)
    .field('Full legal name', p.name)
    .field('Date of birth', p.dateOfBirth ?? '')
    .field('Residential address', p.address)
    .field('Phone', p.phone ?? '')
    .field('Email', p.email)
    .heading('Licence', 13)
    .field('Licence type', cover.licenceType)
    .field('Reduced fee', cover.reducedFee ?? 'No (standard fee)')
    .field(
      'Caregiver',
      cover.caregiver
        ? [cover.caregiver.name, cover.caregiver.relationship].filter(Boolean).join(', ')
        : cover.caregiverNotCertified
          ? 'None: the physician did not certify the patient homebound'
          : 'None',
    );
  if (cover.caregiver) pdf.field('Caregiver phone', cover.caregiver.phone ?? '');
  const doctor = cover.physician;
  pdf
    .heading('Recommending physician', 13)
    .field('Physician', doctor?.name ?? '')
    .field('Oklahoma license number', doctor?.licenseNumber ?? '')
    .field('Licensing board', doctor?.licensingBoard ?? '')
    .field('NPI', doctor?.npi ?? '')
    .field('OMMA registration', doctor?.ommaRegistrationNumber ?? '')
    .field('Office address', doctor?.officeAddress ?? '')
    .field('Recommendation date', cover.recommendationDate)
    .heading('OMMA application', 13)
    .field('Submit by', cover.submitBy)
    .field('OMMA application number', cover.ommaApplicationNumber ?? 'Not yet submitted')
    .heading('In this packet', 13);
  let next = coverPages + 1;
  for (const part of parts) {
    const count = pageCount(part);
    pdf.field(part.file.title, pageRange(next, count));
    next += count;
  }
  if (parts.length === 0) pdf.paragraph('No documents on file.');
  return PDFDocument.load(await pdf.save());
}

/** A caption across the top of a page the packet draws itself; answers the space left below. */
function caption(page: PDFPage, fonts: [PDFFont, PDFFont], file: PacketFile, note: string) {
  const [regular, bold] = fonts;
  const top = PAGE[1] - MARGIN;
  page.drawText(file.title, { x: MARGIN, y: top - 14, size: 14, font: bold, color: INK });
  page.drawText(note, { x: MARGIN, y: top - 32, size: 9.5, font: regular, color: MUTED });
  return top - 48;
}

const uploaded = (file: PacketFile) => `Uploaded ${file.uploadedAt.toISOString().slice(0, 10)}`;

async function addImagePage(out: PDFDocument, fonts: [PDFFont, PDFFont], file: PacketFile) {
  const image =
    file.mimeType === JPEG ? await out.embedJpg(file.bytes) : await out.embedPng(file.bytes);
  // A phone's photo is turned upright as its EXIF tag says (pdf/jpeg-orientation.ts).
  const turn = file.mimeType === JPEG ? jpegRotation(file.bytes) : 0;
  const sideways = turn === 90 || turn === 270;
  const page = out.addPage(PAGE);
  const boxTop = caption(page, fonts, file, uploaded(file));
  const boxWidth = PAGE[0] - 2 * MARGIN;
  const boxHeight = boxTop - MARGIN;
  // Fitted upright to the space under the caption, its proportions kept, centred across.
  const uprightWidth = sideways ? image.height : image.width;
  const uprightHeight = sideways ? image.width : image.height;
  const scale = Math.min(boxWidth / uprightWidth, boxHeight / uprightHeight);
  const width = image.width * scale;
  const height = image.height * scale;
  const left = MARGIN + (boxWidth - uprightWidth * scale) / 2;
  const bottom = boxTop - uprightHeight * scale;
  // pdf-lib turns an image anticlockwise about its anchor corner: the anchor moves so the
  // turned image lands on the upright box.
  const anchor = {
    0: { x: left, y: bottom },
    90: { x: left, y: bottom + width },
    180: { x: left + width, y: bottom + height },
    270: { x: left + height, y: bottom },
  }[turn];
  page.drawImage(image, { ...anchor, width, height, rotate: degrees(-turn) });
}

function addUnreadablePage(out: PDFDocument, fonts: [PDFFont, PDFFont], file: PacketFile) {
  const page = out.addPage(PAGE);
  caption(
    page,
    fonts,
    file,
    `${uploaded(file)}. This file could not be placed in the packet: open it from the patient's documents.`,
  );
}

/** The packet's bytes, from what packetContents gathered. */
export async function packetPdf(contents: PacketContents): Promise<Uint8Array> {
  const parts: Part[] = [];
  for (const file of contents.files) parts.push(await partOf(file));
  // The contents list numbers pages after the cover, so the cover is laid out again in the
  // rare case it needs more than one page.
  let cover = await coverPdf(contents.cover, parts, 1);
  if (cover.getPageCount() !== 1)
    cover = await coverPdf(contents.cover, parts, cover.getPageCount());

  const out = await PDFDocument.create();
  out.setTitle('OMMA patient application packet');
  out.setCreator('OKMMJ Telehealth');
  const fonts = await embedClinicFonts(out);
  for (const page of await out.copyPages(cover, cover.getPageIndices())) out.addPage(page);
  for (const part of parts) {
    if (part.kind === 'pdf') {
      for (const page of await out.copyPages(part.doc, part.doc.getPageIndices()))
        out.addPage(page);
    } else if (part.kind === 'image') {
      try {
        await addImagePage(out, fonts, part.file);
      } catch {
        addUnreadablePage(out, fonts, part.file);
      }
    } else addUnreadablePage(out, fonts, part.file);
  }
  return out.save();
}

/** The packet of one state application: its contents (404 when unknown) laid out. */
export async function buildPacket(ctx: AppContext, stateApplicationId: string) {
  const contents = await packetContents(ctx, stateApplicationId);
  return { bytes: await packetPdf(contents), stateApplication: contents.stateApplication };
}
