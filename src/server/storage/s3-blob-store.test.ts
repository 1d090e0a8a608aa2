import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { inChunks, MiB } from '../test/blob-store-contract.js';
import { type S3TestServer, startS3Server } from '../test/s3-server.js';
import { LocalBlobStore } from './blob-store.js';
import { createBlobStore } from './blob-stores.js';
import { HEADER_BYTES, TAG_BYTES } from './encryption.js';
import { S3BlobStore } from './s3-blob-store.js';

// What only the S3 driver has: the checksum setting, a bucket failing mid-upload, the choice
// of driver from the configuration. The behaviour both drivers share is in blob-store.test.ts.

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

const storedSize = async (key: string) => {
  const raw = s3.client();
  try {
    return (await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentLength;
  } finally {
    raw.destroy();
  }
};

describe('the S3 blob store', () => {
  it('under the SDK default checksums too, stores exactly header + plaintext + tag', async () => {
    // Upload sends every part as a Buffer, which the SDK does not wrap in aws-chunked framing
    // (s3-server.ts), so even s3rver stores it as sent.
    const store = new S3BlobStore({ ...s3.config, S3_CHECKSUM: 'WHEN_SUPPORTED' }, randomBytes(32));
    try {
      for (const size of [10, 11 * MiB]) {
        const data = randomBytes(size);
        const { key } = await store.put(inChunks(data));
        expect(await storedSize(key)).toBe(HEADER_BYTES + size + TAG_BYTES);
        expect((await buffer(await store.get(key))).equals(data)).toBe(true);
      }
    } finally {
      store.close();
    }
  });

  it('a bucket that goes away mid-upload: put rejects, the source is stopped, the process lives', async () => {
    const own = await startS3Server();
    const store = new S3BlobStore(own.config, randomBytes(32));
    let sent = 0;
    const source = new Readable({
      read() {
        sent += 256 * 1024;
        this.push(randomBytes(256 * 1024));
        // Part one or two is on its way: the server dies under it.
        if (sent === 8 * MiB) void own.stop();
      },
    });
    try {
      await expect(store.put(source)).rejects.toThrow();
      expect(source.destroyed).toBe(true);
      expect(sent).toBeLessThan(40 * MiB);
    } finally {
      store.close();
      await own.stop();
    }
  });

  it('a download whose bucket goes away fails through the stream, not the process', async () => {
    const own = await startS3Server();
    const store = new S3BlobStore(own.config, randomBytes(32));
    try {
      const data = randomBytes(20 * MiB);
      const { key } = await store.put(inChunks(data));
      const stream = await store.get(key);
      await own.stop();
      // Whatever had already arrived may be read; the end is an error, never a clean finish.
      await expect(buffer(stream)).rejects.toThrow();
    } finally {
      store.close();
    }
  });
});

describe('createBlobStore', () => {
  it('builds the driver BLOB_STORE names', () => {
    const key = randomBytes(32);
    expect(createBlobStore(testConfig({ DATA_DIR: '/tmp/x' }), key)).toBeInstanceOf(LocalBlobStore);
    const store = createBlobStore(testConfig({ DATA_DIR: '/tmp/x', ...s3.config }), key);
    expect(store).toBeInstanceOf(S3BlobStore);
    store.close?.();
  });
});
