import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A server of a journey's own, beside the suite's (playwright.config.ts webServer): the built
// app on `port`, always on a fresh embedded database in a temporary DATA_DIR, in development
// mode. `env` adds or (with undefined) removes settings: the demo clinic, the second factor,
// no SMTP server.

export interface OwnServer {
  origin: string;
  /** SIGTERM, waits for the exit, removes the data. */
  stop(): Promise<void>;
}

export async function startOwnServer(
  port: number,
  env: Record<string, string | undefined>,
  /** The demo clinic's seed runs before the server listens: generous for a loaded runner. */
  timeoutMs = 150_000,
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-own-e2e-'));
  const settings: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '', // its own embedded database, whatever the other journeys use
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const [name, value] of Object.entries(settings))
    if (value === undefined) delete settings[name];
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: settings,
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server on port ${port} exited with ${server.exitCode}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start`);
}
