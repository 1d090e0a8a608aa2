import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import { submitByFor } from '../../shared/state-application.js';
import type { AppContext } from '../context.js';
import { documents, stateApplications } from '../db/schema/index.js';
import type { Client } from './harness.js';
import type { PaidPatient } from './patients.js';

// Test material for the OMMA packet: real files (a two-page ID scan, a coloured image), an
// approved patient and the state application row the desk's approval would create.

type App = { ctx: AppContext };

/** A PDF of one page per text, each page carrying its text (what pdftotext will find). */
export async function pdfOfPages(...texts: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of texts)
    doc.addPage([612, 396]).drawText(text, { x: 48, y: 300, size: 28, font });
  return Buffer.from(await doc.save());
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A real RGB PNG, `width`×`height`, each pixel's colour from `colour(x, y)`. */
export function png(
  width: number,
  height: number,
  colour: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(colour(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores a file as a document of the patient's, encrypted like an upload. */
export async function storeDocument(
  app: App,
  args: {
    patientId: string;
    applicationId: string | null;
    category: string;
    bytes: Buffer;
    mimeType: string;
    uploadedBy: string;
  },
) {
  const { key, size } = await app.ctx.blobs.put(Readable.from([args.bytes]));
  const [row] = await app.ctx.db
    .insert(documents)
    .values({
      patientId: args.patientId,
      applicationId: args.applicationId,
      category: args.category,
      status: 'approved',
      originalName: `${args.category}.bin`,
      mimeType: args.mimeType,
      sizeBytes: size,
      storageKey: key,
      uploadedBy: args.uploadedBy,
    })
    .returning();
  return row!;
}

/** Staff approve the patient's pending documents, the doctor sees and approves the patient. */
export async function approvePatient(
  patient: PaidPatient,
  doctor: { client: Client },
  staff: { client: Client },
  outcome: Record<string, unknown> = {},
) {
  const docs = (await patient.client.get('/api/patient/documents')).json();
  for (const d of docs as { id: string; status: string }[])
    if (d.status === 'pending')
      expect(
        (await staff.client.post(`/api/admin/documents/${d.id}/review`, { status: 'approved' }))
          .statusCode,
      ).toBe(200);
  const start = await doctor.client.post('/api/admin/start-consultation', {
    queueId: patient.queue.id,
  });
  expect(start.statusCode, start.body).toBe(200);
  const end = await doctor.client.post('/api/admin/end-consultation', {
    queueId: patient.queue.id,
  });
  expect(end.statusCode, end.body).toBe(200);
  const res = await doctor.client.post(
    `/api/admin/consultations/${start.json().consultation.id}/outcome`,
    { approved: true, identityVerified: true, ...outcome },
  );
  expect(res.statusCode, res.body).toBe(200);
  return {
    consultationId: start.json().consultation.id as string,
    documentId: res.json().documentId as string,
  };
}

/**
 * The patient's state application with `extra` applied: the one the approval opened, or, for a
 * patient never approved, one written as the approval would open it (preparing, 30 days to go).
 */
export async function insertStateApplication(
  app: App,
  patient: { patientId: string; application: { id: string } },
  extra: Partial<typeof stateApplications.$inferInsert> = {},
) {
  const signedOn = '2026-11-27';
  const [row] = await app.ctx.db
    .insert(stateApplications)
    .values({
      applicationId: patient.application.id,
      patientId: patient.patientId,
      mode: 'clinic_submits',
      signedOn,
      submitBy: submitByFor(signedOn),
      stateFeeCents: 10_430,
      stateFeeStatus: 'held',
      ...extra,
    })
    .onConflictDoUpdate({
      target: stateApplications.applicationId,
      set: { ...extra, updatedAt: new Date() },
    })
    .returning();
  return row!;
}
