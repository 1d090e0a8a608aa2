import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formData, TINY_PNG } from '../test/files.js';
import { validRegistration } from '../test/fixtures.js';
import { makePrivate } from './private-dir.js';

// Issue 10, defect 4: DATA_DIR holds the embedded database (PHI), the stored files and the
// generated key, so everything in it is the server user's only: files 0600, folders 0700.
// The real entry point on a real PGlite on disk, as `npm start` runs it.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** Every path under `root` (itself included) with its permission bits, links left out. */
function modes(root: string): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  const walk = (p: string) => {
    const s = lstatSync(p);
    if (s.isSymbolicLink()) return;
    out.push({ path: path.relative(root, p) || '.', dir: s.isDirectory(), mode: s.mode & 0o777 });
    if (s.isDirectory()) for (const n of readdirSync(p)) walk(path.join(p, n));
  };
  walk(root);
  return out;
}

function expectPrivate(root: string) {
  const all = modes(root);
  const loose = all
    .filter((e) => e.mode !== (e.dir ? 0o700 : 0o600))
    .map((e) => `${e.mode.toString(8)} ${e.path}`);
  expect(loose).toEqual([]);
  return all;
}

function startServer(dataDir: string, port: number) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  // The embedded database and a generated key: the case this defect is about.
  delete env.DATABASE_URL;
  delete env.DOCUMENT_ENCRYPTION_KEY;
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/**
 * Waits for the server to answer, as long as `deadline` allows: its first start compiles the
 * server (tsx) and creates a PGlite on disk, which on a loaded machine takes minutes, not
 * seconds. A server that exits (a port taken, a bad start) fails at once with what it printed.
 */
async function waitForHealth(
  child: ChildProcess,
  port: number,
  output: () => string,
  deadline: number,
) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/** SIGTERM and the exit; a server that already exited (a failed start) has nothing to wait for. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await done;
}

// Below the ephemeral range (as server-process.ts): a client's source port never takes it.
const freePort = () => 20_000 + Math.floor(Math.random() * 12_000);
/** Each test's own time; the server's start may use all but the last minute of it. */
const TEST_MS = 300_000;
const startDeadline = () => Date.now() + TEST_MS - 60_000;

describe('DATA_DIR is private to the server', () => {
  const dataDir = path.join(tempDir('okmmj-private-'), 'data');

  it(
    'creates the database, its WAL, stored files and the key 0600 in 0700 folders',
    async () => {
      const port = freePort();
      const server = startServer(dataDir, port);
      try {
        await waitForHealth(server.child, port, server.output, startDeadline());
        const base = `http://127.0.0.1:${port}`;
        const reg = await fetch(`${base}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validRegistration()),
        });
        expect(reg.status, await reg.clone().text()).toBe(201);
        const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        const upload = await fetch(`${base}/api/patient/upload-document`, {
          method: 'POST',
          headers: { cookie },
          body: formData({ bytes: TINY_PNG, name: 'id.png' }, { category: 'government_id' }),
        });
        expect(upload.status, await upload.clone().text()).toBe(201);

        const running = expectPrivate(dataDir);
        const names = running.map((e) => e.path);
        expect(names).toContain('document-key.b64');
        expect(names).toContain(path.join('pglite', 'PG_VERSION'));
        expect(names.some((n) => n.startsWith(path.join('pglite', 'pg_wal', '0')))).toBe(true);
        expect(
          names.filter(
            (n) => n.startsWith(`files${path.sep}`) && !running.find((e) => e.path === n)?.dir,
          ),
        ).toHaveLength(1);
      } finally {
        await stop(server.child);
      }
      // What the database writes on its way down (statistics, a checkpoint) is private too.
      expectPrivate(dataDir);
    },
    TEST_MS,
  );

  it(
    'tightens a DATA_DIR left loose by an earlier version at start',
    async () => {
      for (const e of modes(dataDir)) chmodSync(path.join(dataDir, e.path), e.dir ? 0o755 : 0o666);
      expect(modes(dataDir).filter((e) => e.mode === 0o666).length).toBeGreaterThan(900);
      const port = freePort();
      const server = startServer(dataDir, port);
      try {
        await waitForHealth(server.child, port, server.output, startDeadline());
        expectPrivate(dataDir);
      } finally {
        await stop(server.child);
      }
    },
    TEST_MS,
  );

  it('does not follow a link out of DATA_DIR', () => {
    const outside = tempDir('okmmj-outside-');
    const target = path.join(outside, 'shared.txt');
    writeFileSync(target, 'not ours');
    chmodSync(target, 0o644);
    const root = path.join(tempDir('okmmj-link-'), 'data');
    mkdirSync(root, { recursive: true, mode: 0o755 });
    symlinkSync(target, path.join(root, 'link'));
    writeFileSync(path.join(root, 'own'), 'x', { mode: 0o644 });
    makePrivate(root);
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(statSync(path.join(root, 'own')).mode & 0o777).toBe(0o600);
    expect(statSync(root).mode & 0o777).toBe(0o700);
  });
});
