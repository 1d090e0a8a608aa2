import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { KEY_PATTERN } from '../storage/blob-store.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/private-dir.js';
import { s3ClientFor } from '../storage/s3-blob-store.js';
import type { Entry } from './archive.js';

// The blob store's part of a backup. On disk, every stored file as it is (ciphertext under the
// document key: the archive's own encryption wraps it again). On S3, only a manifest of keys
// and sizes: the bucket's versioning is what keeps the blobs (ADR 0018).

export const filesRoot = (config: Config) => path.resolve(config.DATA_DIR, 'files');

/** Keys of the stored files under DATA_DIR/files. */
export async function* diskKeys(root: string): AsyncGenerator<string> {
  const dirs = await readdir(root).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  for (const dir of dirs.sort()) {
    const names = await readdir(path.join(root, dir)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const key = `${dir}/${name}`;
      if (KEY_PATTERN.test(key)) yield key;
    }
  }
}

/**
 * One entry per stored file. A file deleted since it was listed (its document was replaced
 * after the database dump) is left out.
 */
export async function* diskBlobEntries(root: string, skipped: { count: number }) {
  for await (const key of diskKeys(root)) {
    const handle = await open(path.join(root, key), 'r').catch(() => null);
    if (!handle) {
      skipped.count++;
      continue;
    }
    const stream = createReadStream('', { fd: handle.fd, autoClose: true });
    yield { header: { entry: 'blob', key }, data: stream } satisfies Entry;
  }
}

/** Writes one blob entry into `stagingRoot`, under its key. */
export async function writeBlob(stagingRoot: string, key: string, data: AsyncIterable<Buffer>) {
  if (!KEY_PATTERN.test(key)) throw new Error('the archive is altered (bad storage key)');
  const file = path.join(stagingRoot, key);
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
  await pipeline(data, handle.createWriteStream());
}

/** Moves the staged files into place as DATA_DIR/files (whatever was there goes). */
export async function installFiles(stagingRoot: string, root: string) {
  await rm(root, { recursive: true, force: true });
  await rename(stagingRoot, root);
}

/** Every object in the bucket with its size, as JSON lines. */
export async function* s3Manifest(config: Config): AsyncGenerator<Buffer> {
  const client = s3ClientFor(config);
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: config.S3_BUCKET, ContinuationToken: token }),
      );
      const lines = (page.Contents ?? []).map(
        (o) => `${JSON.stringify({ key: o.Key, size: o.Size, etag: o.ETag })}\n`,
      );
      if (lines.length) yield Buffer.from(lines.join(''));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
}

/** Objects of the manifest that the bucket no longer holds at the recorded size. */
export async function missingFromBucket(config: Config, manifest: string): Promise<number> {
  const present = new Map<string, number | undefined>();
  for await (const chunk of s3Manifest(config))
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      const o = JSON.parse(line) as { key: string; size?: number };
      present.set(o.key, o.size);
    }
  let missing = 0;
  for (const line of manifest.split('\n').filter(Boolean)) {
    const o = JSON.parse(line) as { key: string; size?: number };
    if (present.get(o.key) !== o.size) missing++;
  }
  return missing;
}
