import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openMailbox } from '../scripts/mailbox.mjs';

// A server of a journey's own, beside the suite's (playwright.config.ts webServer): the built
// app on `port` in a temporary DATA_DIR. `env` adds or (with undefined) removes settings.
// startOwnServer: development mode on a fresh embedded database (the demo clinic, the second
// factor, no SMTP server). startProductionServer: production mode with what production
// requires, on PostgreSQL when DATABASE_URL names a server, else on PGlite (issue 21: the
// security journeys pass in production on both databases).

export interface OwnServer {
  origin: string;
  /** SIGTERM, waits for the exit, removes the data. */
  stop(): Promise<void>;
}

export interface ProductionServer extends OwnServer {
  /** ADMIN_SETUP_TOKEN, for a journey that creates the first master admin. */
  adminSetupToken: string;
  /** Where the server's mail lands, one JSON file a message (scripts/mailbox.mjs). */
  mailDir: string;
  /** 'postgresql' or 'pglite': which database this run exercised. */
  database: 'postgresql' | 'pglite';
}

export async function startOwnServer(
  port: number,
  env: Record<string, string | undefined>,
  /** The demo clinic's seed runs before the server listens: generous for a loaded runner. */
  timeoutMs = 150_000,
): Promise<OwnServer> {
  return launch(
    port,
    {
      DATABASE_URL: '', // its own embedded database, whatever the other journeys use
      NODE_ENV: 'development',
      ...env,
    },
    timeoutMs,
  );
}

/**
 * Production mode (NODE_ENV=production) with the settings it refuses to start without: a
 * document key, an SMTP server (a mailbox in this process), TURN waived on purpose, the admin
 * setup token, an explicit payment simulator. With DATABASE_URL set, a database of its own is
 * created on that server and dropped at stop; without, the embedded PGlite.
 */
export async function startProductionServer(
  port: number,
  env: Record<string, string | undefined> = {},
  timeoutMs = 150_000,
): Promise<ProductionServer> {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'okmmj-own-mail-'));
  const mailbox = await openMailbox(mailDir);
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : null;
  const adminSetupToken = randomBytes(24).toString('base64url');
  const cleanUp = async () => {
    await mailbox.close();
    rmSync(mailDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const server = await launch(
      port,
      {
        NODE_ENV: 'production',
        DATABASE_URL: database?.url ?? '',
        DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        SMTP_URL: mailbox.url,
        ICE_ALLOW_NO_TURN: 'true',
        ADMIN_SETUP_TOKEN: adminSetupToken,
        PAYMENT_PROVIDER: 'simulator',
        // The journeys' API requests name their own address (support.ts fromOwnAddress).
        TRUST_PROXY: '127.0.0.1',
        ...env,
      },
      timeoutMs,
    );
    return {
      ...server,
      adminSetupToken,
      mailDir,
      database: database ? 'postgresql' : 'pglite',
      stop: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A database of its own on the server `serverUrl` names, and how to drop it. */
async function createDatabase(serverUrl: string) {
  const name = `okmmj_own_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function launch(
  port: number,
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-own-e2e-'));
  const settings: NodeJS.ProcessEnv = {
    ...process.env,
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
