import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { adminUrl, databaseUrlFor } from './pg-urls.js';

// Migrates one template database per run; every test file then starts from a copy of it
// (DESIGN.md toolchain notes: a fresh PGlite takes seconds, a copy half a second).

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
    pgliteDump: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `okmmj_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(url, template),
      dataDir: '',
    });
    await runMigrations(database);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', null);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'okmmj-test-'));
  const client = await PGlite.create();
  const database = await openDatabase({ dataDir: '', pglite: client });
  await runMigrations(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
