import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documents } from '../db/schema/index.js';
import { centerUpload, pdfBytes } from '../test/files.js';
import { Client, createTestApp, type TestApp } from '../test/harness.js';
import { registerPatient } from '../test/patients.js';
import { type S3TestServer, startS3Server } from '../test/s3-server.js';

// Two nodes sharing one database and one bucket (issue 14): a document uploaded through one
// downloads byte for byte through the other, which has never seen it on its own disk.

let s3: S3TestServer;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  // Every node of a cluster is given the same key; each has its own DATA_DIR.
  const shared = { ...s3.config, DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  a = await createTestApp({ config: shared });
  b = await createTestApp({ config: shared, database: a.database });
}, 180_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.stop();
});

it('a document uploaded through node A downloads byte-identical through node B', async () => {
  const patient = await registerPatient(a.app);
  const bytes = pdfBytes('Uploaded on A', 3 * 1024 * 1024);
  const up = await centerUpload(
    patient.client,
    { bytes, name: 'id.pdf' },
    { category: 'government_id' },
  );
  expect(up.statusCode, up.body).toBe(201);
  const [doc] = await a.app.ctx.db.select().from(documents);
  // Stored in the bucket, not on node A's disk.
  expect(readdirSync(a.app.ctx.config.DATA_DIR)).not.toContain('files');

  const onB = new Client(b.app);
  onB.cookie = patient.client.cookie;
  const view = await onB.get(`/api/patient/documents/${doc!.id}/view`);
  expect(view.statusCode, view.body).toBe(200);
  expect(view.rawPayload.equals(bytes)).toBe(true);
  expect(readdirSync(b.app.ctx.config.DATA_DIR)).not.toContain('files');
});

it("an app's blob store check fails once its bucket is gone (what /api/ready asks)", async () => {
  await expect(b.app.ctx.blobs.check()).resolves.toBeUndefined();
  const own = await startS3Server();
  const c = await createTestApp({ config: own.config, database: a.database });
  try {
    await c.app.ctx.blobs.check();
    await own.stop();
    await expect(c.app.ctx.blobs.check()).rejects.toThrow();
  } finally {
    await c.close();
  }
});
