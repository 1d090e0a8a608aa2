import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PrivateNodeFS } from '../db/private-node-fs.js';
import { pdfBytes } from '../test/files.js';
import { validRegistration } from '../test/fixtures.js';
import { adminUrl, databaseUrlFor } from '../test/pg-urls.js';
import { HttpClient, startServer } from '../test/server-process.js';

// Issue 14: backup → wipe → restore → the same rows and the same document bytes, with the
// built server and the built CLI as real processes (`npm run build:server` first), on the
// embedded database (the dump taken through the running server) and on PostgreSQL (with
// DATABASE_URL set). Plus the refusals: no server for a PGlite backup, a wrong key, an
// altered archive, a target that is not empty, a running server during a restore.

const CLI = path.resolve('dist/server/backup/cli.js');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

function cli(env: Record<string, string>, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = '';
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

async function newEnv(databaseUrl?: string) {
  const root = await mkdtemp(path.join(tmpdir(), 'okmmj-bk-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  return {
    root,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(root, 'data'),
      DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    } as Record<string, string>,
  };
}

/** Per table: its row count and a hash of its rows in order (schemas public and drizzle). */
const FINGERPRINT = `
  select table_schema || '.' || table_name as t from information_schema.tables
   where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;
async function fingerprint(query: (sql: string) => Promise<Record<string, unknown>[]>) {
  const out: Record<string, string> = {};
  for (const { t } of (await query(FINGERPRINT)) as { t: string }[]) {
    const [row] = await query(
      `select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f from ${t} x`,
    );
    out[t] = row!.f as string;
  }
  return out;
}
async function pgliteFingerprint(dataDir: string) {
  const db = await PGlite.create({ fs: new PrivateNodeFS(path.join(dataDir, 'pglite')) });
  try {
    return await fingerprint(async (q) => (await db.query<Record<string, unknown>>(q)).rows);
  } finally {
    await db.close();
  }
}
async function pgFingerprint(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fingerprint(async (q) => (await c.query(q)).rows);
  } finally {
    await c.end();
  }
}

/** A registered patient with an uploaded document; answers the document's id and bytes. */
async function patientWithDocument(base: string) {
  const client = new HttpClient(base);
  const body = validRegistration();
  const reg = await client.post('/api/register', body);
  expect(reg.status, await reg.clone().text()).toBe(201);
  const bytes = pdfBytes('backup sample', 300_000);
  const form = new FormData();
  form.append('category', 'government_id');
  form.append('document', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'id.pdf');
  const up = await client.post('/api/patient/upload-document', form);
  expect(up.status, await up.clone().text()).toBe(201);
  const { id } = (await up.json()) as { id: string };
  return { email: body.email as string, password: body.password as string, id, bytes };
}

/** The confirmation mail queued at registration has gone out (its job row is settled). */
async function mailSettled(dataDir: string) {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 300; i++) {
    if (existsSync(outbox) && (await readdir(outbox)).length > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1_000));
}

async function downloads(base: string, who: { email: string; password: string; id: string }) {
  const client = new HttpClient(base);
  const login = await client.post('/api/login', { email: who.email, password: who.password });
  expect(login.status, await login.clone().text()).toBe(200);
  const res = await client.get(`/api/patient/documents/${who.id}/view`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function archiveIn(dir: string) {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.okbackup'));
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^okmmj-backup-\d{8}T\d{6}Z\.okbackup$/);
  return path.join(dir, names[0]!);
}

/** Refusals every archive must meet: another key, an altered byte, a cut-off tail. */
async function expectRefusals(env: Record<string, string>, archive: string) {
  const wrong = await cli({ ...env, DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64') }, [
    'restore',
    archive,
  ]);
  expect(wrong.code).toBe(1);
  expect(wrong.out).toMatch(/another DOCUMENT_ENCRYPTION_KEY/);
  const bytes = readFileSync(archive);
  const altered = Buffer.from(bytes);
  altered[Math.floor(bytes.length / 2)]! ^= 0x01;
  writeFileSync(`${archive}.altered`, altered);
  const tampered = await cli(env, ['restore', `${archive}.altered`]);
  expect(tampered.code).toBe(1);
  expect(tampered.out).toMatch(/altered or truncated.*nothing was restored/);
  writeFileSync(`${archive}.cut`, bytes.subarray(0, bytes.length - 1000));
  const cut = await cli(env, ['restore', `${archive}.cut`]);
  expect(cut.code).toBe(1);
  expect(cut.out).toMatch(/nothing was restored/);
}

type Patient = Awaited<ReturnType<typeof patientWithDocument>>;

/**
 * A server started on `env`, a patient with a stored document, a backup into `out` (checked
 * by `whileRunning` before the server stops): the patient and the archive.
 */
async function backedUp(
  env: Record<string, string>,
  out: string,
  whileRunning?: (backup: { out: string; archive: string }, who: Patient) => Promise<void>,
): Promise<{ who: Patient; archive: string }> {
  const server = await startServer(env, 240_000);
  let stopped = false;
  cleanups.push(async () => {
    if (!stopped) await server.stop();
  });
  const who = await patientWithDocument(server.url);
  await mailSettled(env.DATA_DIR!);
  const backup = await cli(env, ['backup', '--out', out]);
  expect(backup.code, backup.out).toBe(0);
  const archive = await archiveIn(out);
  await whileRunning?.({ out: backup.out, archive }, who);
  await server.stop();
  stopped = true;
  return { who, archive };
}

/** Restores onto the emptied installation: the same rows, and the document's same bytes. */
async function expectRestored(
  env: Record<string, string>,
  archive: string,
  snapshot: () => Promise<Record<string, string>>,
  before: Record<string, string>,
  who: Patient,
) {
  const restored = await cli(env, ['restore', archive]);
  expect(restored.code, restored.out).toBe(0);
  expect(await snapshot()).toEqual(before);
  const again = await startServer(env, 240_000);
  cleanups.push(() => again.stop());
  expect((await downloads(again.url, who)).equals(who.bytes)).toBe(true);
}

describe('backup and restore, embedded database', () => {
  it('refuses a backup without a running server, with the message', async () => {
    const { env, root } = await newEnv();
    const r = await cli(env, ['backup', '--out', path.join(root, 'out')]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/start the server first/);
    expect(existsSync(path.join(root, 'out')) ? await readdir(path.join(root, 'out')) : []).toEqual(
      [],
    );
  });

  it('backup → wipe → restore gives the same rows and document bytes', async () => {
    const { env, root } = await newEnv();
    const { who, archive } = await backedUp(
      env,
      path.join(root, 'out'),
      async (backup, patient) => {
        expect(backup.out).toMatch(/backup written: .* 1 stored files/);
        expect(backup.out).not.toContain(patient.email);
        // A restore while the server runs is refused: it holds DATA_DIR.
        const busy = await cli(env, ['restore', backup.archive]);
        expect(busy.code).toBe(1);
        expect(busy.out).toMatch(/server is running.*stop it first/);
      },
    );
    const snapshot = () => pgliteFingerprint(env.DATA_DIR!);
    const before = await snapshot();
    expect(Number(before['public.documents']!.split(':')[0])).toBe(1);

    // Onto the installation it came from: not empty, refused.
    const onto = await cli(env, ['restore', archive]);
    expect(onto.code).toBe(1);
    expect(onto.out).toMatch(/target is not empty.*--replace-existing/);

    await rm(env.DATA_DIR!, { recursive: true, force: true });
    await expectRefusals(env, archive);
    expect(existsSync(path.join(env.DATA_DIR!, 'pglite'))).toBe(false);
    await expectRestored(env, archive, snapshot, before, who);
  }, 900_000); // two PGlite starts and two PGlite opens: minutes on a loaded machine
});

describe.skipIf(!process.env.DATABASE_URL)('backup and restore, PostgreSQL', () => {
  async function createDatabase() {
    const url = process.env.DATABASE_URL!;
    const name = `okmmj_backup_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl(url) });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    cleanups.push(drop);
    return { url: databaseUrlFor(url, name), name, drop };
  }

  it('backup → drop and create the database, wipe → restore gives the same rows and bytes', async () => {
    const db = await createDatabase();
    const { env, root } = await newEnv(db.url);
    const { who, archive } = await backedUp(env, path.join(root, 'out'));
    const snapshot = () => pgFingerprint(db.url);
    const before = await snapshot();

    const onto = await cli(env, ['restore', archive]);
    expect(onto.code).toBe(1);
    expect(onto.out).toMatch(/the database already has \d+ tables/);

    await db.drop();
    const admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${db.name}`);
    await admin.end();
    await rm(env.DATA_DIR!, { recursive: true, force: true });
    await expectRefusals(env, archive);
    expect(await snapshot()).toEqual({});
    await expectRestored(env, archive, snapshot, before, who);
  });
});
