import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { PrivateNodeFS } from '../db/private-node-fs.js';
import { resolveDocumentKey } from '../storage/encryption.js';
import { PRIVATE_DIR_MODE } from '../storage/private-dir.js';
import { ArchiveError, readArchive, verifyArchive } from './archive.js';
import { diskKeys, filesRoot, installFiles, missingFromBucket, writeBlob } from './blob-entries.js';
import { claimControlSocket, DataDirBusy } from './control-socket.js';
import { countUserTables, restorePostgres } from './postgres.js';

// `npm run restore <archive>`: brings a fresh installation back to the archive. Order:
// 1. the whole archive is read once and authenticated (GCM proves integrity only at its end):
//    a wrong key, an altered or a truncated archive is refused before anything is written;
// 2. DATA_DIR's control socket is claimed: no server runs on this DATA_DIR meanwhile, and a
//    server started during the restore refuses to start;
// 3. the target must be empty (no tables, no embedded database, no stored files) unless the
//    operator said --replace-existing;
// 4. files and the embedded database are written into a staging folder and moved into place
//    at the end; PostgreSQL is restored in one transaction.

/** Why a restore did not start; the message is shown as is and nothing was written. */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  database: 'pglite' | 'postgres';
  blobs: number;
  /** For an S3 archive: objects of its manifest that the bucket does not hold now. */
  missingObjects?: number;
}

const pgliteDir = (config: Config) => path.resolve(config.DATA_DIR, 'pglite');

function documentKeyFor(config: Config): Buffer {
  // Outside production a key is generated when none exists: here it would only ever be the
  // wrong one, so the operator is told which key a restore needs instead.
  const generated = path.resolve(config.DATA_DIR, 'document-key.b64');
  if (!config.DOCUMENT_ENCRYPTION_KEY && !existsSync(generated))
    throw new RestoreRefused(
      'DOCUMENT_ENCRYPTION_KEY is not set: set it to the key of the installation that was backed up',
    );
  return resolveDocumentKey(config);
}

async function occupied(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.DATABASE_URL) {
    const tables = await countUserTables(config.DATABASE_URL);
    if (tables > 0) found.push(`the database already has ${tables} tables`);
  } else if (existsSync(pgliteDir(config)) && readdirSync(pgliteDir(config)).length > 0) {
    found.push(`${pgliteDir(config)} already holds a database`);
  }
  if (config.BLOB_STORE === 'disk') {
    for await (const _ of diskKeys(filesRoot(config))) {
      found.push(`${filesRoot(config)} already holds stored files`);
      break;
    }
  }
  return found;
}

export async function runRestore(
  config: Config,
  file: string,
  opts: { replaceExisting: boolean },
): Promise<RestoreResult> {
  const documentKey = documentKeyFor(config);
  let header: Awaited<ReturnType<typeof verifyArchive>>;
  try {
    header = await verifyArchive(file, documentKey);
  } catch (err) {
    if (err instanceof ArchiveError)
      throw new RestoreRefused(`${err.message}; nothing was restored`);
    throw err;
  }
  const target = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (header.database !== target)
    throw new RestoreRefused(
      `the archive holds a ${header.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database but this installation uses ${target === 'pglite' ? 'the embedded one (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}`,
    );
  if (header.blobStore !== config.BLOB_STORE)
    throw new RestoreRefused(
      `the archive was made with BLOB_STORE=${header.blobStore}, this installation has BLOB_STORE=${config.BLOB_STORE}`,
    );

  const lock = await claimControlSocket(config.DATA_DIR, 'restore').catch((err) => {
    if (err instanceof DataDirBusy)
      throw new RestoreRefused(
        `the server is running on ${config.DATA_DIR} (its control socket answers): stop it first`,
      );
    throw err;
  });
  const staging = path.resolve(config.DATA_DIR, `restore-${randomBytes(6).toString('hex')}`);
  try {
    const found = await occupied(config);
    if (found.length > 0 && !opts.replaceExisting)
      throw new RestoreRefused(
        `the target is not empty: ${found.join('; ')}. Restore into a fresh installation, or pass --replace-existing to overwrite it`,
      );
    await mkdir(staging, { mode: PRIVATE_DIR_MODE });
    const stagedFiles = path.join(staging, 'files');
    const stagedPglite = path.join(staging, 'pglite');
    await mkdir(stagedFiles, { mode: PRIVATE_DIR_MODE });
    let blobs = 0;
    let manifest = '';
    const { entries } = await readArchive(file, documentKey);
    for await (const entry of entries) {
      const kind = entry.header.entry;
      if (kind === 'database' && config.DATABASE_URL) {
        await restorePostgres(config.DATABASE_URL, entry.data, { replace: opts.replaceExisting });
      } else if (kind === 'database') {
        await loadPglite(stagedPglite, entry.data);
      } else if (kind === 'blob') {
        await writeBlob(stagedFiles, entry.header.key ?? '', entry.data);
        blobs++;
      } else if (kind === 's3-manifest') {
        for await (const chunk of entry.data) manifest += chunk.toString('utf8');
      }
    }
    if (!config.DATABASE_URL) {
      await rm(pgliteDir(config), { recursive: true, force: true });
      await rename(stagedPglite, pgliteDir(config));
    }
    if (config.BLOB_STORE === 'disk') await installFiles(stagedFiles, filesRoot(config));
    const result: RestoreResult = { database: target, blobs };
    if (config.BLOB_STORE === 's3')
      result.missingObjects = await missingFromBucket(config, manifest);
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await lock.close();
  }
}

/** Writes PGlite's data directory from its dump (no server runs: the control socket is ours). */
async function loadPglite(dir: string, dump: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const chunk of dump) chunks.push(chunk);
  await mkdir(dir, { mode: PRIVATE_DIR_MODE });
  const db = await PGlite.create({
    fs: new PrivateNodeFS(dir),
    loadDataDir: new Blob(chunks as Uint8Array<ArrayBuffer>[]),
  });
  // Proves the loaded cluster opens and answers before it is moved into place.
  await db.query('select 1');
  await db.close();
}
