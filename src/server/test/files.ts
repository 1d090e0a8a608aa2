import { randomBytes } from 'node:crypto';
import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Client } from './harness.js';

// Real file bytes for upload tests: the server decides a file's type by its content
// (ruling 7), so every sample carries the true signature of its format.

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A real baseline JPEG (1×1, grey). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////' +
    '////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAB' +
    'PxA=',
  'base64',
);

/**
 * A minimal valid PDF whose page text carries `marker`; padded with a comment stream of random
 * bytes to `size` bytes when asked (to test the size limits with a real PDF).
 */
export function pdfBytes(marker = 'Sample document', size?: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n' +
      '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>>endobj\n' +
      `4 0 obj<</Length ${marker.length + 20}>>stream\nBT /F1 12 Tf (${marker}) Tj ET\nendstream endobj\n`,
  );
  const tail = Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n');
  if (!size || size <= head.length + tail.length) return Buffer.concat([head, tail]);
  const padding = randomBytes(size - head.length - tail.length - 2);
  return Buffer.concat([head, Buffer.from('%'), padding, Buffer.from('\n'), tail]).subarray(
    0,
    size,
  );
}

export const HTML_BYTES = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
/** The start of a Linux executable. */
export const ELF_BYTES = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120, 0),
]);
/** The start of a Windows executable (MZ … PE). */
export const MZ_BYTES = (() => {
  const b = Buffer.alloc(256, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();

export interface UploadFile {
  bytes: Buffer;
  name: string;
  /** The type the browser claims; the server ignores it. */
  type?: string;
}

/** A multipart body as the browser's FormData would send it. */
export function formData(file: UploadFile | null, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      'document',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  return form;
}

/** POST /api/documents/upload (the dashboard's path). */
export const dashboardUpload = (
  client: Client,
  file: UploadFile | null,
  fields: { type?: string; applicationId?: string },
): Promise<LightMyRequestResponse> =>
  client.post('/api/documents/upload', formData(file, clean(fields)));

/** POST /api/patient/upload-document (the upload center's path). */
export const centerUpload = (
  client: Client,
  file: UploadFile | null,
  fields: { category?: string; name?: string; applicationType?: string },
): Promise<LightMyRequestResponse> =>
  client.post('/api/patient/upload-document', formData(file, clean(fields)));

const clean = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;

/** Every stored file under DATA_DIR/files (relative paths), to prove nothing was left behind. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    // Entries, with their kind, in one read: a file the server deletes meanwhile (a partial
    // upload being cleaned up) is then simply absent, not an error.
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}
