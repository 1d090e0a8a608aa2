import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { resolveDocumentKey } from '../storage/encryption.js';
import { PRIVATE_DIR_MODE } from '../storage/private-dir.js';
import { ARCHIVE_EXTENSION, type ArchiveHeader, type Entry, writeArchive } from './archive.js';
import { diskBlobEntries, filesRoot, s3Manifest } from './blob-entries.js';
import { requestDump } from './control-socket.js';
import { dumpPostgres } from './postgres.js';

// `npm run backup`: the database first, then the blob store. A file uploaded after the
// database dump is in the archive without a row (the orphan sweep removes it after a
// restore); one deleted in between is missing, its row gone too only if the deletion's
// transaction ended before the dump (ADR 0018 names the window).

export const S3_NOTE =
  'Blobs live in the S3 bucket: this archive holds the manifest of their keys and sizes at backup time. ' +
  "Keep the bucket's versioning on: a restore needs the object versions of that time.";

/** Dated, sortable, one per second: okmmj-backup-20261124T081500Z.okbackup */
export function archiveName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `okmmj-backup-${stamp}${ARCHIVE_EXTENSION}`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  blobs: number;
  skippedBlobs: number;
}

export async function runBackup(config: Config, outDir: string): Promise<BackupResult> {
  const documentKey = resolveDocumentKey(config);
  await mkdir(outDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.resolve(outDir, archiveName(new Date()));
  const database = config.DATABASE_URL ? 'postgres' : 'pglite';
  const header: ArchiveHeader = {
    format: 1,
    createdAt: new Date().toISOString(),
    database,
    blobStore: config.BLOB_STORE,
    ...(config.BLOB_STORE === 's3' ? { note: S3_NOTE } : {}),
  };
  // Asked for before the archive file is created: no server, no empty archive left behind.
  const dump: AsyncIterable<Buffer> = config.DATABASE_URL
    ? dumpPostgres(config.DATABASE_URL)
    : await requestDump(config.DATA_DIR);
  const skipped = { count: 0 };
  let blobs = 0;
  async function* entries(): AsyncGenerator<Entry> {
    yield { header: { entry: 'database' }, data: dump };
    if (config.BLOB_STORE === 's3') {
      yield { header: { entry: 's3-manifest' }, data: s3Manifest(config) };
      return;
    }
    for await (const entry of diskBlobEntries(filesRoot(config), skipped)) {
      blobs++;
      yield entry;
    }
  }
  const { bytes } = await writeArchive(file, documentKey, header, entries());
  return { file, bytes, blobs, skippedBlobs: skipped.count };
}
