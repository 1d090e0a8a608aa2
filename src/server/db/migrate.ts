import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.js';

// The committed migrations live in drizzle/ at the project root; this file sits at the same
// depth in src/ and dist/, so one relative path serves both.
export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

/**
 * The pg_advisory_lock key every node takes around migrations ("okmmj" in ASCII). Nodes
 * started together (a rolling upgrade, several instances on one host) would otherwise run
 * drizzle's migrator at once, and it races: both create its table and apply the same
 * migration, and one node dies on a duplicate key (checked against PostgreSQL 15).
 */
export const MIGRATION_LOCK_KEY = 0x6f6b6d6d6an;

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // PGlite is one process's own database: nobody else can migrate it at the same time.
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  const pool = (database.db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('runMigrations: expected a pg pool');
  // One dedicated connection holds the lock and runs the migrations, so the lock cannot
  // outlive them or lapse under them: if the connection drops, PostgreSQL rolls back the
  // migration transaction and releases the lock together. The node that waited finds the
  // migrations recorded and applies nothing.
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client), config);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    // A connection that failed mid-way is destroyed, never pooled with a lock still held.
    client.release(broken);
  }
}
