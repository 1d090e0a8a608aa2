import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, databaseUrlFor } from '../test/pg-urls.js';
import { type Database, openDatabase } from './client.js';
import { MIGRATION_LOCK_KEY, MIGRATIONS_DIR, runMigrations } from './migrate.js';

// Nodes started together each run the migrations at start (main.ts). Without a lock,
// drizzle's migrator races on a fresh database and one node dies on a duplicate key; with
// it, one node migrates and the others wait, then find nothing left to do. PostgreSQL only
// (DATABASE_URL): PGlite belongs to one process.

const url = process.env.DATABASE_URL;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
const migrationCount: number = journal.entries.length;
const LOCK = MIGRATION_LOCK_KEY.toString();

describe.skipIf(!url)('migrations under an advisory lock (PostgreSQL)', () => {
  let admin: pg.Client;
  const created: string[] = [];
  const opened: Database[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl(url as string) });
    await admin.connect();
  });
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  async function freshDatabase(): Promise<string> {
    const name = `okmmj_migrate_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    return databaseUrlFor(url as string, name);
  }

  async function open(databaseUrl: string): Promise<Database> {
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    opened.push(database);
    return database;
  }

  async function recorded(databaseUrl: string): Promise<{ hash: string }[]> {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return (await c.query('SELECT hash FROM drizzle.__drizzle_migrations')).rows;
    } finally {
      await c.end();
    }
  }

  it('two nodes migrating one fresh database at once both succeed; each migration is applied once', async () => {
    const databaseUrl = await freshDatabase();
    const [a, b] = [await open(databaseUrl), await open(databaseUrl)];
    await Promise.all([runMigrations(a), runMigrations(b)]);

    const rows = await recorded(databaseUrl);
    expect(rows).toHaveLength(migrationCount);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(migrationCount);
    // And the lock is given back: nobody holds it once both are done.
    const held = await admin.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
         AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
      [LOCK],
    );
    expect(held.rowCount).toBe(0);
  });

  it('waits while another holder has the lock, then migrates', async () => {
    const databaseUrl = await freshDatabase();
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [LOCK]);
      const database = await open(databaseUrl);
      let done = false;
      const migrating = runMigrations(database).then(() => {
        done = true;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(done).toBe(false);
      const table = await holder.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
      expect(table.rows[0].t).toBeNull(); // nothing touched while the lock was held elsewhere

      await holder.query('SELECT pg_advisory_unlock($1::bigint)', [LOCK]);
      await migrating;
      expect(await recorded(databaseUrl)).toHaveLength(migrationCount);
    } finally {
      await holder.end();
    }
  });

  it('a failed migration gives the lock back with its connection', async () => {
    const databaseUrl = await freshDatabase();
    // A table in the way of the first migration's CREATE TABLE makes it fail.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const firstTable = readFileSync(
      path.join(MIGRATIONS_DIR, `${journal.entries[0].tag}.sql`),
      'utf8',
    ).match(/CREATE TABLE (?:IF NOT EXISTS )?"([a-z_]+)"/)?.[1];
    expect(firstTable).toBeTruthy();
    await c.query(`CREATE TABLE "${firstTable}" (x int)`);
    await c.end();

    const database = await open(databaseUrl);
    await expect(runMigrations(database)).rejects.toThrow();
    // Another node can take the lock at once and sees no migration half-applied.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      const got = await other.query('SELECT pg_try_advisory_lock($1::bigint) AS ok', [LOCK]);
      expect(got.rows[0].ok).toBe(true);
      const rows = await other.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await other.end();
    }
  });
});
