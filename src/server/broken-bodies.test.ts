import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_UNREADABLE } from './modules/documents/upload.js';
import { pdfBytes, storedFiles } from './test/files.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { recordedFile } from './test/matrix/recordings.js';
import { type PaidPatient, paidPatient } from './test/patients.js';
import { listen, requestHead, sendRaw, sendThenDrop, until } from './test/raw-http.js';

// Issue 10, defect 1: one broken body must not end the process. Bodies cut short, without a
// boundary or plain garbage go over a real socket to the upload routes and the recording
// chunk route; each answers 400 (or is dropped by the client), no partial blob is left on
// disk, and a good upload afterwards still succeeds on the same process.

let t: TestApp;
let port: number;
let url: string;
let patient: PaidPatient;
let filesDir: string;
/** The patient's intake documents (issue 11): on disk before any broken body is sent. */
let intakeFiles: string[];
beforeAll(async () => {
  t = await createTestApp();
  patient = await paidPatient(t.app);
  ({ port, url } = await listen(t.app));
  filesDir = t.app.ctx.config.DATA_DIR;
  intakeFiles = storedFiles(filesDir);
});
afterAll(() => t.close());

const UPLOAD_ROUTES = ['/api/patient/upload-document', '/api/documents/upload'];
const BOUNDARY = 'broken-boundary';
const filePartHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="id.pdf"\r\n` +
  'Content-Type: application/pdf\r\n\r\n';

const multipartHead = (path: string, length: number, type = `boundary=${BOUNDARY}`) =>
  requestHead('POST', path, {
    Cookie: patient.client.cookie!,
    'Content-Type': `multipart/form-data; ${type}`.trim(),
    'Content-Length': length,
  });

describe.each(UPLOAD_ROUTES)('multipart bodies the parser refuses, %s', (path) => {
  const bodies: [string, string, string?][] = [
    ['a file part cut short (no closing boundary)', `${filePartHead}%PDF-1.4 abc`],
    [
      'a text field cut short',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="category"\r\n\r\ndriv`,
    ],
    ['garbage', 'this is not multipart at all'],
    ['no boundary in the content type', 'this is not multipart at all', ''],
    ['a part with a broken header', `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nabc`],
  ];

  it.each(bodies)('%s answers 400 with a message and leaves no blob', async (_, body, type) => {
    const res = await sendRaw(port, multipartHead(path, body.length, type) + body);
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.any(String),
    });
    expect(storedFiles(filesDir)).toEqual(intakeFiles);
  });

  it('a file part cut short answers the unreadable-upload message', async () => {
    const body = `${filePartHead}%PDF-1.4 abc`;
    const res = await sendRaw(port, multipartHead(path, body.length) + body);
    expect(JSON.parse(res.body).message).toBe(UPLOAD_UNREADABLE);
  });

  it('a connection dropped mid-file leaves no partial blob', async () => {
    const start = `${filePartHead}${pdfBytes('cut short', 200_000).toString('latin1')}`;
    // Content-Length promises more than ever comes; the blob is being written when it drops.
    await sendThenDrop(
      port,
      Buffer.from(multipartHead(path, start.length + 100_000) + start, 'latin1'),
      () => storedFiles(filesDir).length > intakeFiles.length,
    );
    await until(() => storedFiles(filesDir).length === intakeFiles.length);
  });
});

describe('recording chunks cut short', () => {
  it('a body shorter than its Content-Length or dropped mid-stream stores nothing', async () => {
    const { patient: recorder, fileId } = await recordedFile(t);
    const path = `/api/video/recordings/${fileId}/chunks?seq=0`;
    const before = storedFiles(filesDir).length;
    const head = (headers: Record<string, string | number>) =>
      requestHead('POST', path, {
        Cookie: recorder.client.cookie!,
        'Content-Type': 'application/octet-stream',
        ...headers,
      });
    await sendThenDrop(port, head({ 'Content-Length': 100_000 }) + 'x'.repeat(5000), () => true);
    await sendThenDrop(
      port,
      `${head({ 'Transfer-Encoding': 'chunked' })}400\r\n${'y'.repeat(600)}`,
      () => true,
    );
    // The next chunk is the first one stored: nothing from the broken ones was kept.
    const good = await recorder.client.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('a good chunk'),
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(storedFiles(filesDir).length).toBe(before + 1);
  });
});

describe('after every broken body', () => {
  it('the same process still takes a good upload over HTTP', async () => {
    const form = new FormData();
    form.append('category', 'government_id');
    form.append(
      'document',
      new Blob([new Uint8Array(pdfBytes('good after bad'))], { type: 'application/pdf' }),
      'license.pdf',
    );
    const res = await fetch(`${url}/api/patient/upload-document`, {
      method: 'POST',
      headers: { cookie: patient.client.cookie! },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).name ?? 'stored').toBeTruthy();
  });
});
