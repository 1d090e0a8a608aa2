import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_RECORDING_CHUNK_BYTES,
  MAX_RECORDING_FILE_BYTES,
} from '../../../shared/schemas/video.js';
import { recordingChunks, recordingFiles } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/harness.js';
import { recordedFile } from '../../test/matrix/recordings.js';
import { paidPatient } from '../../test/patients.js';
import {
  CHUNK_DUPLICATE,
  chunkOutOfOrder,
  finishRecording,
  RECORDING_COMPLETE,
  RECORDING_ENDED,
  RECORDING_FILE_FULL,
  RECORDING_FILE_NOT_FOUND,
} from './recordings.js';

// Recording chunks in and recordings out (issue 5; staff-and-video.md §4 Recording): the
// participant who records sends their own file's chunks in order, stored encrypted like
// documents; staff with the recordings rule list and download them, every read audited.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sendChunk = (
  client: Client,
  fileId: string,
  seq: number | string,
  bytes: Buffer,
  type = 'application/octet-stream',
) =>
  client.request({
    method: 'POST',
    url: `/api/video/recordings/${fileId}/chunks?seq=${seq}`,
    headers: { 'content-type': type },
    payload: bytes,
  });

type InjectPayload = InjectOptions['payload'];

const fileRow = async (fileId: string) =>
  (await t.app.ctx.db.select().from(recordingFiles).where(eq(recordingFiles.id, fileId)))[0]!;
const chunkRows = (fileId: string) =>
  t.app.ctx.db.select().from(recordingChunks).where(eq(recordingChunks.fileId, fileId));

/** Every file under the data directory's blob store. */
function storedFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...storedFiles(full));
    else out.push(full);
  }
  return out;
}

const webmLike = (label: string) =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from(`${label} `.repeat(500))]);

describe('chunks', () => {
  it('are taken in order from the file’s owner, counted, encrypted at rest and completed', async () => {
    const { patient, fileId } = await recordedFile(t);
    const parts = [webmLike('first chunk of the recording'), webmLike('second chunk')];
    for (const [seq, bytes] of parts.entries()) {
      const res = await sendChunk(patient.client, fileId, seq, bytes);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ seq, size: bytes.length });
    }
    expect(await fileRow(fileId)).toMatchObject({
      status: 'recording',
      chunkCount: 2,
      sizeBytes: parts[0]!.length + parts[1]!.length,
    });

    // No chunk is on disk in the clear.
    const keys = (await chunkRows(fileId)).map((c) => c.storageKey);
    const dir = path.join(t.app.ctx.config.DATA_DIR, 'files');
    const files = storedFiles(dir).filter((f) => keys.some((k) => f.endsWith(k)));
    expect(files).toHaveLength(2);
    for (const file of files) {
      const raw = readFileSync(file);
      expect(raw.includes(Buffer.from('chunk of the recording'))).toBe(false);
      expect(raw.includes(Buffer.from('second chunk'))).toBe(false);
    }

    const done = await patient.client.post(`/api/video/recordings/${fileId}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(await fileRow(fileId)).toMatchObject({ status: 'complete', endTime: expect.any(Date) });
    const late = await sendChunk(patient.client, fileId, 2, webmLike('late'));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RECORDING_COMPLETE);
  });

  it('refuses a repeated seq, bad seq, empty or oversized bodies and other types, writing nothing', async () => {
    const { patient, fileId } = await recordedFile(t);
    expect((await sendChunk(patient.client, fileId, 0, webmLike('zero'))).statusCode).toBe(201);
    const before = storedFiles(path.join(t.app.ctx.config.DATA_DIR, 'files')).length;

    const repeated = await sendChunk(patient.client, fileId, 0, webmLike('again'));
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().message).toBe(CHUNK_DUPLICATE);

    for (const seq of [-1, 'abc', 1.5, 100_001]) {
      const res = await sendChunk(patient.client, fileId, seq, webmLike('bad seq'));
      expect(res.statusCode, String(seq)).toBe(400);
      expect(res.json().message).toMatch(/seq/);
    }
    const empty = await sendChunk(patient.client, fileId, 1, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The chunk is empty');

    const huge = await sendChunk(
      patient.client,
      fileId,
      1,
      Buffer.alloc(MAX_RECORDING_CHUNK_BYTES + 1),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();

    const json = await patient.client.request({
      method: 'POST',
      url: `/api/video/recordings/${fileId}/chunks?seq=1`,
      payload: { chunk: 'not bytes' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the chunk as application/octet-stream');
    expect(
      (await sendChunk(patient.client, fileId, 1, webmLike('x'), 'video/webm')).statusCode,
    ).toBe(415);

    expect(await chunkRows(fileId)).toHaveLength(1);
    expect(await fileRow(fileId)).toMatchObject({ chunkCount: 1 });
    expect(storedFiles(path.join(t.app.ctx.config.DATA_DIR, 'files'))).toHaveLength(before);
  });

  it('take only the next chunk in order: a gap or a jump is refused, nothing written', async () => {
    const { patient, fileId } = await recordedFile(t);
    const before = storedFiles(path.join(t.app.ctx.config.DATA_DIR, 'files')).length;
    for (const seq of [1, 5, 100_000]) {
      const res = await sendChunk(patient.client, fileId, seq, webmLike('ahead'));
      expect(res.statusCode, String(seq)).toBe(409);
      expect(res.json().message).toBe(chunkOutOfOrder(0));
    }
    expect((await sendChunk(patient.client, fileId, 0, webmLike('zero'))).statusCode).toBe(201);
    expect((await sendChunk(patient.client, fileId, 2, webmLike('two'))).json().message).toBe(
      chunkOutOfOrder(1),
    );
    expect((await sendChunk(patient.client, fileId, 1, webmLike('one'))).statusCode).toBe(201);
    expect((await chunkRows(fileId)).map((c) => c.seq).sort()).toEqual([0, 1]);
    expect(storedFiles(path.join(t.app.ctx.config.DATA_DIR, 'files'))).toHaveLength(before + 2);
  });

  it('stop at the file size limit', async () => {
    const { patient, fileId } = await recordedFile(t, { chunks: [webmLike('start')] });
    const nearlyFull = MAX_RECORDING_FILE_BYTES - 100;
    await t.app.ctx.db
      .update(recordingFiles)
      .set({ sizeBytes: nearlyFull })
      .where(eq(recordingFiles.id, fileId));
    const over = await sendChunk(patient.client, fileId, 1, Buffer.alloc(101, 7));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(RECORDING_FILE_FULL);
    expect((await sendChunk(patient.client, fileId, 1, Buffer.alloc(100, 7))).statusCode).toBe(201);
    expect(await fileRow(fileId)).toMatchObject({
      chunkCount: 2,
      sizeBytes: MAX_RECORDING_FILE_BYTES,
    });
  });

  it('are bounded in size whatever the body’s type or framing', async () => {
    const { patient, fileId } = await recordedFile(t);
    const big = Buffer.alloc(MAX_RECORDING_CHUNK_BYTES + 1, 1);
    const post = (type: string | undefined, payload: InjectPayload) =>
      patient.client.request({
        method: 'POST',
        url: `/api/video/recordings/${fileId}/chunks?seq=0`,
        headers: type ? { 'content-type': type } : {},
        payload,
      });
    for (const type of ['application/octet-stream', 'Application/Octet-Stream; x=1'])
      expect((await post(type, big)).statusCode, type).toBe(413);
    // Streamed with no length given: cut off at the limit all the same.
    expect((await post('application/octet-stream', Readable.from([big]))).statusCode).toBe(413);
    // Other types go through the app's 1 MB limit, then are refused as not a chunk.
    for (const type of ['text/plain', 'application/json'])
      expect((await post(type, big)).statusCode, type).toBe(413);
    for (const type of ['multipart/form-data; boundary=x', 'text/plain', undefined])
      expect((await post(type, 'not a chunk')).statusCode, String(type)).toBe(415);
    expect(await chunkRows(fileId)).toEqual([]);
  });

  it('close when the recording ends, whatever the number or size sent after', async () => {
    const chunks = [webmLike('while it ran')];
    const { patient, fileId, recordingId } = await recordedFile(t, { chunks });
    await finishRecording(t.app.ctx, recordingId, 'stopped');
    for (const [seq, bytes] of [
      [1, webmLike('late')],
      [0, webmLike('rewrite')],
      [42, Buffer.alloc(1024 * 1024, 2)],
    ] as const) {
      const late = await sendChunk(patient.client, fileId, seq, bytes);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(RECORDING_ENDED);
    }
    expect(await fileRow(fileId)).toMatchObject({ status: 'complete', chunkCount: 1 });
    const admin = await signedInAs(t.app, 'admin');
    const res = await admin.client.get(`/api/admin/recordings/${fileId}/download`);
    expect(res.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('answer 404 for a file that is someone else’s, or none, and 401 signed out', async () => {
    const { fileId } = await recordedFile(t);
    const other = await paidPatient(t.app);
    const admin = await signedInAs(t.app, 'admin');
    for (const client of [other.client, admin.client]) {
      const res = await sendChunk(client, fileId, 0, webmLike('intruder'));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(RECORDING_FILE_NOT_FOUND);
      expect((await client.post(`/api/video/recordings/${fileId}/complete`)).statusCode).toBe(404);
    }
    const unknown = await sendChunk(other.client, crypto.randomUUID(), 0, webmLike('nobody'));
    expect(unknown.statusCode).toBe(404);
    const anonymous = await sendChunk(new Client(t.app), fileId, 0, webmLike('anon'));
    expect(anonymous.statusCode).toBe(401);
    expect(await chunkRows(fileId)).toEqual([]);
  });
});

describe('staff listing and download', () => {
  it('an admin with documents lists every recording; a doctor only their own consultations’', async () => {
    const admin = await signedInAs(t.app, 'admin_assistant');
    const doctor = await signedInAs(t.app, 'doctor');
    const mine = await recordedFile(t, { doctorId: doctor.id, chunks: [webmLike('mine')] });
    const theirs = await recordedFile(t, { chunks: [webmLike('theirs')] });

    const all = await admin.client.get('/api/admin/recordings');
    expect(all.statusCode, all.body).toBe(200);
    const ids = all.json().map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining([mine.fileId, theirs.fileId]));

    const own = await doctor.client.get('/api/admin/recordings');
    expect(own.json().map((f: { id: string }) => f.id)).toEqual([mine.fileId]);
    expect(own.json()[0]).toMatchObject({
      roomId: mine.roomId,
      recordingId: mine.recordingId,
      roomTitle: 'Video Consultation',
      patientName: expect.stringMatching(/\S/),
      videoType: 'video',
      chunkCount: 1,
      status: 'recording',
    });
    // The read of patient data is audited, by whom and how many files it showed.
    const reads = (await auditRows(t.app, { actorId: doctor.id })).filter(
      (a) => a.action === 'recording.list',
    );
    expect(reads).toEqual([
      expect.objectContaining({ targetType: 'recording', details: { count: 1 } }),
    ]);
    const oneRoom = await admin.client.get(`/api/admin/recordings?roomId=${theirs.roomId}`);
    expect(oneRoom.json().map((f: { id: string }) => f.id)).toEqual([theirs.fileId]);

    const refused = await doctor.client.get(`/api/admin/recordings/${theirs.fileId}/download`);
    expect(refused.statusCode).toBe(404);
    const patient = await paidPatient(t.app);
    expect((await patient.client.get('/api/admin/recordings')).statusCode).toBe(403);
    expect((await admin.client.get('/api/admin/recordings/not-an-id/download')).statusCode).toBe(
      400,
    );
  });

  it('download answers the decrypted chunks in order and audits the read', async () => {
    const chunks = [webmLike('one'), webmLike('two'), webmLike('three')];
    const file = await recordedFile(t, { chunks });
    const admin = await signedInAs(t.app, 'admin');
    const res = await admin.client.get(`/api/admin/recordings/${file.fileId}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=.*\.webm/);
    // The recorder's name (a patient's, here) stays out of the downloaded file's name.
    expect(res.headers['content-disposition']).not.toMatch(/patient/i);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
    const audits = await auditRows(t.app, { targetId: file.fileId });
    expect(audits).toEqual([
      expect.objectContaining({ action: 'recording.download', actorId: admin.id }),
    ]);
  });

  it('a file that no longer decrypts answers a JSON 500, not a broken attachment', async () => {
    // What a node with another DOCUMENT_ENCRYPTION_KEY than the one that stored it would see.
    const file = await recordedFile(t, { chunks: [webmLike('one')] });
    const [chunk] = await chunkRows(file.fileId);
    const [stored] = storedFiles(path.join(t.app.ctx.config.DATA_DIR, 'files')).filter((f) =>
      f.endsWith(chunk!.storageKey),
    );
    const bytes = readFileSync(stored!);
    bytes[bytes.length - 1]! ^= 0xff; // the GCM tag no longer matches
    writeFileSync(stored!, bytes);
    const admin = await signedInAs(t.app, 'admin');
    const res = await admin.client.get(`/api/admin/recordings/${file.fileId}/download`);
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
  });
});
