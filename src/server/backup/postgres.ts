import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';

// PostgreSQL through Debian's postgresql-client: pg_dump in its custom format (compressed,
// restorable table by table) and pg_restore, whose major version must match the server's.
// The password travels in the environment (PGPASSWORD), never on a command line another user
// could read in the process list.

function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    url: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The first line pg_dump/pg_restore wrote to stderr (their own message; no row data). */
function failure(tool: string, code: number | null, stderr: string, missing: boolean): Error {
  if (missing)
    return new Error(
      `${tool} was not found: install postgresql-client (the server's major version)`,
    );
  const line = stderr.split('\n').find((l) => l.trim()) ?? '';
  return new Error(`${tool} failed (exit ${code}): ${line.slice(0, 300)}`);
}

/** pg_dump's output; the iteration fails if pg_dump does. */
export function dumpPostgres(databaseUrl: string): AsyncIterable<Buffer> {
  const { url, env } = connection(databaseUrl);
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', url], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let missing = false;
  child.stderr.on('data', (d) => (stderr += d));
  child.on('error', (err: NodeJS.ErrnoException) => {
    missing = err.code === 'ENOENT';
    child.stdout.destroy(failure('pg_dump', null, stderr, missing));
  });
  // The output ends before the exit code is known: hold its end until pg_dump has exited.
  const out = child.stdout;
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  async function* checked() {
    for await (const chunk of out) yield chunk as Buffer;
    const code = await exited;
    if (code !== 0) throw failure('pg_dump', code, stderr, missing);
  }
  return checked();
}

/** Feeds a custom-format dump to pg_restore, in one transaction: all of it or nothing. */
export async function restorePostgres(
  databaseUrl: string,
  dump: AsyncIterable<Buffer>,
  opts: { replace: boolean },
): Promise<void> {
  const { url, env } = connection(databaseUrl);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
  if (opts.replace) args.push('--clean', '--if-exists');
  const child = spawn('pg_restore', [...args, `--dbname=${url}`], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  let missing = false;
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (err: NodeJS.ErrnoException) => {
      missing = err.code === 'ENOENT';
      resolve(null);
    });
    child.on('close', resolve);
  });
  const fed = pipeline(dump, child.stdin).catch((err: NodeJS.ErrnoException) => {
    // pg_restore stopping early closes its input; its exit code says why.
    if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err;
  });
  const [code] = await Promise.all([exited, fed]);
  if (code !== 0) throw failure('pg_restore', code, stderr, missing);
}

/** The tables in the database outside PostgreSQL's own schemas (none: a fresh database). */
export async function countUserTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return r.rows[0].n as number;
  } finally {
    await client.end();
  }
}
