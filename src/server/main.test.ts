import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from './test/fixtures.js';
import { adminUrl, databaseUrlFor } from './test/pg-urls.js';

// The real entry point as `npm start` runs it: configuration, migrations on an empty
// embedded database, listening, and a graceful SIGTERM.

const dirs: string[] = [];
const dropDatabases: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of dropDatabases) await drop();
});

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { child, output: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

const freePort = () => String(20000 + Math.floor(Math.random() * 20000));

/**
 * Polls /api/health until it answers: a first PGlite start migrates for a while, minutes on a
 * machine busy with other suites.
 */
async function healthy(port: string): Promise<Response | undefined> {
  for (let i = 0; i < 800; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (res) return res;
  }
  return undefined;
}

/**
 * An empty database for one start: a fresh PGlite DATA_DIR, and with DATABASE_URL set (the
 * PostgreSQL run) a database of its own on that server.
 */
async function emptyStore(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-main-'));
  dirs.push(dataDir);
  const url = process.env.DATABASE_URL;
  if (!url) return { DATA_DIR: dataDir };
  const name = `okmmj_main_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabases.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl(url) });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrlFor(url, name) };
}

/** What production requires besides the setup token (config.ts). */
const PRODUCTION = {
  NODE_ENV: 'production',
  DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  PAYMENT_PROVIDER: 'simulator',
  SMTP_URL: 'smtp://127.0.0.1:9',
  ICE_ALLOW_NO_TURN: 'true',
};

describe('server entry point', () => {
  it('refuses a bad setting with a message naming it', async () => {
    const { child, output } = startServer({ PORT: 'eighty' });
    expect(await exited(child)).toBe(78);
    expect(output()).toMatch(/Invalid configuration:\s+PORT/);
  });

  it('refuses TRUST_PROXY=true in production with exit 78 and a message naming it', async () => {
    const { child, output } = startServer({
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PAYMENT_PROVIDER: 'simulator',
    });
    expect(await exited(child)).toBe(78);
    expect(output()).toMatch(
      /Invalid configuration:\s+TRUST_PROXY: true \(or a \/0 range\) trusts any client/,
    );
  });

  it('refuses production without a mail server, exit 78 naming SMTP_URL', async () => {
    const { child, output } = startServer({
      NODE_ENV: 'production',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PAYMENT_PROVIDER: 'simulator',
    });
    expect(await exited(child)).toBe(78);
    expect(output()).toMatch(/Invalid configuration:\s+SMTP_URL: is required in production/);
  });

  it('refuses production without TURN, exit 78 naming ICE_TURN_URLS and the way out', async () => {
    const { child, output } = startServer({
      NODE_ENV: 'production',
      DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PAYMENT_PROVIDER: 'simulator',
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    expect(await exited(child)).toBe(78);
    expect(output()).toMatch(/ICE_TURN_URLS: is required in production.*ICE_ALLOW_NO_TURN=true/);
  });

  it('migrates an empty data dir, serves health, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-main-'));
    dirs.push(dataDir);
    const port = freePort();
    const { child, output } = startServer({ PORT: port, DATA_DIR: dataDir });
    const done = exited(child);
    const health = await healthy(port);
    expect(health?.status, output()).toBe(200);
    expect(await health?.json()).toEqual({ status: 'ok' });
    // A fresh install says where to start; outside production no token is asked for.
    expect(output()).toContain(
      `no master admin yet: create the first one at http://127.0.0.1:${port}/admin/setup"`,
    );
    child.kill('SIGTERM');
    expect(await done).toBe(0);
    expect(output()).toContain('shutting down');
  }, 240_000);
});

// Issue 21, items 2 and 16: production never leaves the first-admin setup open, and a fresh
// install says where to start without printing the token.
describe('the first master admin in production', () => {
  it('refuses to start without ADMIN_SETUP_TOKEN while no master admin exists; once one exists the token is not needed', async () => {
    const store = await emptyStore();
    const refused = startServer({ ...PRODUCTION, ...store, PORT: freePort() });
    expect(await exited(refused.child), refused.output()).toBe(78);
    expect(refused.output()).toMatch(
      /Invalid configuration:\s+ADMIN_SETUP_TOKEN: is required in production while no master admin exists/,
    );

    // With the token: the log names the setup page and the variable, never its value.
    const token = randomBytes(24).toString('hex');
    const port = freePort();
    const publicUrl = `http://localhost:${port}`;
    const first = startServer({
      ...PRODUCTION,
      ...store,
      PORT: port,
      PUBLIC_URL: publicUrl,
      ADMIN_SETUP_TOKEN: token,
    });
    const firstDone = exited(first.child);
    expect((await healthy(port))?.status, first.output()).toBe(200);
    await expect
      .poll(first.output)
      .toContain(
        `no master admin yet: create the first one at ${publicUrl}/admin/setup with the setup token (ADMIN_SETUP_TOKEN)`,
      );
    const setup = (at: string, setupToken?: string) =>
      fetch(`http://127.0.0.1:${at}/api/admin/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: uniqueEmail('owner'),
          password: PASSWORD,
          firstName: 'Morgan',
          lastName: 'Reyes',
          ...(setupToken ? { setupToken } : {}),
        }),
      });
    expect((await setup(port)).status).toBe(403);
    expect((await setup(port, token)).status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await firstDone).toBe(0);
    expect(first.output()).not.toContain(token);

    // A master admin exists: production starts without the token and invites nobody.
    const again = freePort();
    const second = startServer({ ...PRODUCTION, ...store, PORT: again });
    const secondDone = exited(second.child);
    expect((await healthy(again))?.status, second.output()).toBe(200);
    await expect.poll(second.output).toContain('serving on');
    expect(second.output()).not.toContain('/admin/setup');
    // Setup stays closed: already done, and without a token nobody could present one.
    expect((await setup(again, token)).status).toBe(403);
    second.child.kill('SIGTERM');
    expect(await secondDone).toBe(0);
  }, 480_000);
});
