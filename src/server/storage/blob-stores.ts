import path from 'node:path';
import type { Config } from '../config.js';
import { type BlobStore, LocalBlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/**
 * The configured blob store: BLOB_STORE=disk keeps files under DATA_DIR/files (one node);
 * BLOB_STORE=s3 keeps them in S3_BUCKET, which every node of a cluster reads.
 */
export function createBlobStore(config: Config, encryptionKey: Buffer): BlobStore {
  if (config.BLOB_STORE === 's3') return new S3BlobStore(config, encryptionKey);
  return new LocalBlobStore(path.resolve(config.DATA_DIR, 'files'), encryptionKey);
}
