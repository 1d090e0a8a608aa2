import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PrivateNodeFS } from './private-node-fs.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball, for a backup (backup/control-socket.ts). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * PGlite's own start parameters with a smaller buffer pool (issue 23). PostgreSQL zeroes its
 * shared buffers at start, inside PGlite's WebAssembly memory, which never shrinks: the default
 * 128 MB is resident from the first second. 32 MB holds a clinic's working set; the files
 * behind it stay in the operating system's cache. Measured idle RSS of a production server:
 * 450–460 MB → 306–340 MB once the database exists, 504–850 → 414–426 MB at the first start.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** PostgreSQL through `pg` when a URL is given; otherwise PGlite stored under dataDir. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  pglite?: PGlite;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {}); // an idle client dropping is reported by the next query
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      driver: 'pg',
      close: () => pool.end(),
    };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true, mode: 0o700 }); // PHI: the server user's only (issue 10)
    client = await PGlite.create({
      fs: new PrivateNodeFS(dir),
      startParams: PGLITE_START_PARAMS,
    });
  }
  const owned = client;
  return {
    db: drizzlePglite(owned, { schema }) as unknown as Db,
    driver: 'pglite',
    close: () => owned.close(),
    dumpDataDir: () => dumpQuiet(owned),
  };
}

/**
 * A copy of PGlite's data directory, taken between statements (dumpDataDir holds PGlite's
 * query lock) after a CHECKPOINT: the data files are current and the WAL in the copy covers
 * the rest, as after a crash, which PostgreSQL recovers from on load. Not inside PGlite's
 * transaction lock: exec takes that lock itself.
 */
async function dumpQuiet(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client.dumpDataDir('gzip');
}
