import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { BlobStore } from './blob-store.js';

// A blob is written before the row that names it, so an upload cut off in between (a dropped
// connection, a kill -9) leaves an encrypted file nothing refers to (issue 10, defect 12).
// The sweep deletes blobs that no storage-key column names once they are old enough that no
// upload still in progress can be about to name them.

export const ORPHAN_AGE_MS = 60 * 60_000;
/** How often the server sweeps (main.ts); it also sweeps once at start. */
export const SWEEP_EVERY_MS = 60 * 60_000;
/** The column name every table holding a blob key uses, found in information_schema. */
const STORAGE_KEY_COLUMN = 'storage_key';
const BATCH = 500;

/** Every table with a storage_key column: documents, recording chunks and any added later. */
export async function storageKeyTables(db: Executor): Promise<string[]> {
  const result = (await db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = ${STORAGE_KEY_COLUMN}
    order by table_name`)) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((r) => r.table_name);
}

/** The keys among `keys` that some row still names. */
async function namedKeys(db: Executor, tables: string[], keys: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (const table of tables) {
    const result = (await db.execute(
      sql`select ${sql.identifier(STORAGE_KEY_COLUMN)} as key from ${sql.identifier(table)}
          where ${sql.identifier(STORAGE_KEY_COLUMN)} in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
    )) as unknown as { rows: { key: string }[] };
    for (const row of result.rows) named.add(row.key);
  }
  return named;
}

export async function sweepOrphanBlobs(deps: {
  db: Executor;
  blobs: BlobStore;
  now: () => number;
}): Promise<{ deleted: number; kept: number }> {
  const tables = await storageKeyTables(deps.db);
  // No table found means the schema is not what we think: delete nothing rather than all.
  if (tables.length === 0) return { deleted: 0, kept: 0 };
  const cutoff = deps.now() - ORPHAN_AGE_MS;
  let deleted = 0;
  let kept = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const named = await namedKeys(deps.db, tables, batch);
    for (const key of batch) {
      if (named.has(key)) kept++;
      else {
        await deps.blobs.delete(key);
        deleted++;
      }
    }
    batch = [];
  };
  for await (const blob of deps.blobs.list()) {
    if (blob.modifiedAt > cutoff) continue; // may belong to an upload still in progress
    batch.push(blob.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { deleted, kept };
}
