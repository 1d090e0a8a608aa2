import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { S3BlobStore } from '../storage/s3-blob-store.js';
import { type S3TestServer, startS3Server } from '../test/s3-server.js';
import { missingFromBucket, s3Manifest } from './blob-entries.js';

// With BLOB_STORE=s3 a backup holds the bucket's manifest (bucket versioning keeps the files,
// ADR 0018), and a restore says how many of its objects the bucket no longer holds.

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(() => s3?.stop());

describe('the S3 manifest of a backup', () => {
  it('lists every stored object with its size, and counts those gone since', async () => {
    const config = testConfig(s3.config);
    const store = new S3BlobStore(config, randomBytes(32));
    const sizes = [0, 10, 70_000];
    const keys = [];
    for (const n of sizes) keys.push((await store.put(Readable.from([randomBytes(n)]))).key);

    let text = '';
    for await (const chunk of s3Manifest(config)) text += chunk.toString();
    const listed = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { key: string; size: number });
    expect(listed.map((o) => o.key).sort()).toEqual([...keys].sort());
    // Stored sizes are the ciphertext's: header + plaintext + tag, never the plaintext's.
    for (const o of listed) expect(sizes).not.toContain(o.size);

    expect(await missingFromBucket(config, text)).toBe(0);
    await store.delete(keys[1] as string);
    expect(await missingFromBucket(config, text)).toBe(1);
  }, 60_000);
});
