import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3BlobStore, type S3Settings } from '../storage/s3-blob-store.js';

// Run by s3-memory.test.ts in a process of its own (node --expose-gc --import tsx): stores a
// generated stream of SIZE bytes in the S3 blob store and reads it back, sampling the
// process's resident memory, and prints what it saw as one JSON line. s3rver runs in yet
// another process, so only the store's own memory is measured.

const settings = JSON.parse(process.env.S3_SETTINGS ?? '{}') as S3Settings;
const SIZE = Number(process.env.SIZE);
const CHUNK = 64 * 1024;
const store = new S3BlobStore(settings, randomBytes(32));
const pattern = randomBytes(1024 * 1024);

/** SIZE bytes in upload-sized chunks, hashed on the way out; nothing is kept. */
function generated(size: number, hash: ReturnType<typeof createHash>) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(CHUNK, size - sent);
      const offset = sent % (pattern.length - CHUNK);
      // A copy, as a socket hands out fresh buffers; the counter makes every chunk differ.
      const chunk = Buffer.from(pattern.subarray(offset, offset + n));
      chunk.writeUInt32LE(sent / CHUNK, 0);
      sent += n;
      hash.update(chunk);
      this.push(chunk);
    },
  });
}

const hashing = (hash: ReturnType<typeof createHash>) =>
  new Writable({
    write(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done();
    },
  });

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 5);

// Warm up: the SDK's lazily loaded modules, the connection pool, the ciphers.
const warm = await store.put(generated(6 * 1024 * 1024, createHash('sha256')));
await pipeline(await store.get(warm.key), hashing(createHash('sha256')));
await store.delete(warm.key);
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 200));
const baseline = process.memoryUsage.rss();

peak = baseline;
const sentHash = createHash('sha256');
const started = Date.now();
const { key, size } = await store.put(generated(SIZE, sentHash));
const putMs = Date.now() - started;
const putPeak = peak;

// The download's growth counts from where the upload left the process: memory the upload
// freed but the allocator kept is reused, not grown again.
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 200));
const beforeGet = process.memoryUsage.rss();
peak = beforeGet;
const readHash = createHash('sha256');
await pipeline(await store.get(key), hashing(readHash));
const getPeak = peak;
clearInterval(sampler);
await store.delete(key);
store.close();

process.stdout.write(
  `${JSON.stringify({
    size,
    putMs,
    getMs: Date.now() - started - putMs,
    baseline,
    putGrowth: putPeak - baseline,
    getGrowth: getPeak - beforeGet,
    same: sentHash.digest('hex') === readHash.digest('hex'),
  })}\n`,
);
