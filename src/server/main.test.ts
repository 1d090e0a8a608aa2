import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point as `npm start` runs it: configuration, migrations on an empty
// embedded database, listening, and a graceful SIGTERM.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
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
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const { child, output } = startServer({ PORT: port, DATA_DIR: dataDir });
    const done = exited(child);
    let health: Response | undefined;
    for (let i = 0; i < 360 && !health; i++) {
      await new Promise((r) => setTimeout(r, 250));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    }
    expect(health?.status, output()).toBe(200);
    expect(await health?.json()).toEqual({ status: 'ok' });
    child.kill('SIGTERM');
    expect(await done).toBe(0);
    expect(output()).toContain('shutting down');
  }, 120_000);
});
