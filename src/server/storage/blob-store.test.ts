import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { type BlobStoreFixture, blobStoreContract } from '../test/blob-store-contract.js';
import { startS3Server } from '../test/s3-server.js';
import { LocalBlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

// The disk store and the S3 store (against s3rver, a real S3-protocol server) pass the same
// suite (issue 14).

blobStoreContract('disk', async (): Promise<BlobStoreFixture> => {
  const root = mkdtempSync(path.join(tmpdir(), 'okmmj-blobs-'));
  const store = new LocalBlobStore(root, randomBytes(32));
  return {
    store,
    readStored: async (key) => readFileSync(path.join(root, key)),
    writeStored: async (key, bytes) => {
      mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
      writeFileSync(path.join(root, key), bytes);
    },
    storedNames: async () =>
      readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) =>
        statSync(path.join(root, name)).isFile(),
      ),
    // A file where the folder should be: the store can neither create nor write it.
    breakStore: async () => {
      rmSync(root, { recursive: true, force: true });
      writeFileSync(root, 'not a folder');
    },
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

blobStoreContract('S3', async (): Promise<BlobStoreFixture> => {
  const s3 = await startS3Server();
  // Ten keys a page, so listing 25 files crosses pages as listing thousands does on S3.
  const store = new S3BlobStore(s3.config, randomBytes(32), 10);
  const raw = s3.client();
  const Bucket = s3.bucket;
  return {
    store,
    readStored: async (Key) => {
      const object = await raw.send(new GetObjectCommand({ Bucket, Key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    writeStored: async (Key, Body) => {
      await raw.send(new PutObjectCommand({ Bucket, Key, Body }));
    },
    // Every object in the bucket. s3rver does not implement AbortMultipartUpload (it answers
    // 405), so the parts of an aborted upload stay in its folder; S3 itself removes them.
    storedNames: async () => {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await raw.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) names.push(object.Key!);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    breakStore: () => s3.stop(),
    close: async () => {
      store.close();
      raw.destroy();
      await s3.stop();
    },
  };
});
