import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_UNREADABLE } from './modules/documents/upload.js';
import { storedFiles } from './test/files.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { intakeReadyPatient, type TestPatient } from './test/patients.js';
import { listen, requestHead, sendRaw, until } from './test/raw-http.js';

// Issue 21, item 5: a field, then a file part cut short (no closing boundary), reaching a
// handler that starts only after the whole body has arrived, as it does when the session is
// read slowly from PostgreSQL. The multipart reader then hands over a file stream already
// destroyed; the upload waited for it forever, holding the blob's write stream open and the
// request in flight. A test-only onRequest hook, ahead of the route's own guard, waits for the
// body to end, the timing the slow session read gave by chance.

const UPLOAD_ROUTES = ['/api/patient/upload-document', '/api/documents/upload'];
const BOUNDARY = 'late-boundary';
/** An answer slower than this is the hang (the issue saw none in 15 s). */
const ANSWER_WITHIN_MS = 5_000;

let t: TestApp;
let port: number;
let patient: TestPatient & { applicationId: string };
let filesDir: string;
let inFlight = 0;

const SLOW_START = 'x-slow-start';

/** Holds a marked request until its body has fully arrived: a session read taking its time. */
async function bodyHasArrived(request: FastifyRequest) {
  if (request.headers[SLOW_START]) await until(() => request.raw.complete);
}

function slowStart(route: RouteOptions) {
  if (!UPLOAD_ROUTES.includes(route.url)) return;
  const count = async () => {
    inFlight++;
  };
  const done = async (_request: FastifyRequest, _reply: FastifyReply) => {
    inFlight--;
  };
  const own = route.onRequest ? [route.onRequest].flat() : [];
  route.onRequest = [count, bodyHasArrived, ...own] as RouteOptions['onRequest'];
  const after = route.onResponse ? [route.onResponse].flat() : [];
  route.onResponse = [...after, done] as RouteOptions['onResponse'];
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: slowStart });
  patient = await intakeReadyPatient(t.app);
  ({ port } = await listen(t.app));
  filesDir = path.join(t.app.ctx.config.DATA_DIR, 'files');
});
afterAll(() => t?.close());

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const cutShortFile =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="id.pdf"\r\n` +
  'Content-Type: application/pdf\r\n\r\n%PDF-1.4 trunc';

/** Descriptors this process holds open on stored blobs (a write stream left open). */
const openBlobDescriptors = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(filesDir);
    } catch {
      return false; // closed while listed
    }
  });

const answerWithin = <T>(answer: Promise<T>, ms: number) =>
  Promise.race([
    answer,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

describe.each(UPLOAD_ROUTES)('a field then a file cut short, handled late: %s', (route) => {
  it('answers 400 at once, stores nothing and leaves nothing open or in flight', async () => {
    const documentsBefore = (await patient.client.get('/api/patient/documents')).json();
    const filesBefore = storedFiles(t.app.ctx.config.DATA_DIR);
    const fields =
      route === '/api/documents/upload'
        ? field('type', 'id') + field('applicationId', patient.applicationId)
        : field('category', 'government_id');
    const body = fields + cutShortFile;
    const head = requestHead('POST', route, {
      Cookie: patient.client.cookie!,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': Buffer.byteLength(body),
      [SLOW_START]: 1,
    });

    const res = await answerWithin(sendRaw(port, head + body), ANSWER_WITHIN_MS);

    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', message: UPLOAD_UNREADABLE });
    expect((await patient.client.get('/api/patient/documents')).json()).toEqual(documentsBefore);
    expect(storedFiles(t.app.ctx.config.DATA_DIR)).toEqual(filesBefore);
    await until(() => inFlight === 0 && openBlobDescriptors().length === 0, ANSWER_WITHIN_MS);
  });
});
