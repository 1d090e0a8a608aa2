import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../db/schema/index.js';
import { centerUpload, pdfBytes } from '../test/files.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { registerPatient } from '../test/patients.js';
import { type S3TestServer, startS3Server } from '../test/s3-server.js';
import { ORPHAN_AGE_MS, storageKeyTables, sweepOrphanBlobs } from './orphan-sweep.js';

// An upload cut off between the blob and its row leaves an encrypted file nothing names
// (issue 10, defect 12). The sweep deletes such blobs once over an hour old, and never a blob
// any storage_key column names. The clock is injected. Run on both blob store drivers.

describe.each(['disk', 's3'] as const)('on the %s blob store', (driver) => {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Server() : undefined;
    t = await createTestApp({ config: s3?.config });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const keys = async () => {
    const out: string[] = [];
    for await (const blob of t.app.ctx.blobs.list()) out.push(blob.key);
    return out;
  };
  const orphan = async () =>
    (await t.app.ctx.blobs.put(Readable.from([Buffer.from('half an upload')]))).key;
  const sweepAt = (now: number) =>
    sweepOrphanBlobs({ db: t.app.ctx.db, blobs: t.app.ctx.blobs, now: () => now });

  describe('the orphan sweep', () => {
    it('finds every storage_key column: documents, recording chunks', async () => {
      expect(await storageKeyTables(t.app.ctx.db)).toEqual(
        expect.arrayContaining(['documents', 'recording_chunks']),
      );
    });

    it('deletes an orphan over an hour old, keeps younger ones and every named blob', async () => {
      const patient = await registerPatient(t.app);
      const up = await centerUpload(
        patient.client,
        { bytes: pdfBytes('kept'), name: 'id.pdf' },
        { category: 'government_id' },
      );
      expect(up.statusCode, up.body).toBe(201);
      const [doc] = await t.app.ctx.db.select({ key: documents.storageKey }).from(documents);
      // A table added later is found without anyone listing it.
      await t.app.ctx.db.execute(
        sql`create table if not exists later_attachments (id serial primary key, storage_key text)`,
      );
      const laterKey = await orphan();
      await t.app.ctx.db.execute(
        sql`insert into later_attachments (storage_key) values (${laterKey})`,
      );
      const lost = await orphan();
      expect(await keys()).toEqual(expect.arrayContaining([doc!.key, laterKey, lost]));

      // Not yet an hour old: an upload may still be about to name it.
      expect(await sweepAt(Date.now() + ORPHAN_AGE_MS - 60_000)).toEqual({ deleted: 0, kept: 0 });
      expect(await keys()).toContain(lost);

      const swept = await sweepAt(Date.now() + ORPHAN_AGE_MS + 60_000);
      expect(swept.deleted).toBe(1);
      const left = await keys();
      expect(left).not.toContain(lost);
      expect(left).toEqual(expect.arrayContaining([doc!.key, laterKey]));
      // The kept document still downloads whole.
      const list = await patient.client.get('/api/patient/documents');
      expect(list.statusCode).toBe(200);
    });
  });
});
