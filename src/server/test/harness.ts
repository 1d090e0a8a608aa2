import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { type Database, openDatabase } from '../db/client.js';
import type { PaymentGateway } from '../modules/payments/gateway.js';
import type { Counters } from '../rate-limit/counters.js';
import { RAISED_LIMITS, type RateLimits } from '../rate-limit/limits.js';
import { adminUrl, databaseUrlFor } from './pg-urls.js';

// Test databases: a copy of the migrated template, on PGlite or on the PostgreSQL server of
// DATABASE_URL (global-setup.ts). One per test file; tests in a file use distinct accounts.

export async function openTestDatabase(opts: { poolSize?: number } = {}): Promise<Database> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `okmmj_test_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(url, name),
      dataDir: '',
      poolSize: opts.poolSize,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        const drop = new pg.Client({ connectionString: adminUrl(url) });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not prepare a database template');
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(dump)]) });
  return openDatabase({ dataDir: '', pglite: client });
}

export interface TestApp {
  app: FastifyInstance & { ctx: AppContext };
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    /**
     * Request limits over the raised defaults (many accounts come from one address in tests):
     * pass RATE_LIMITS for the real ones, or only the limits a test is about.
     */
    limits?: Partial<RateLimits>;
    /** Where limits count (a RedisCounters shares a count between two apps). */
    counters?: Counters;
    now?: () => number;
    payments?: PaymentGateway;
    poolSize?: number;
    /** A database already open (a second node on the first one's): left open on close. */
    database?: Database;
    /** Receives every log line (JSON); set config.LOG_LEVEL too, tests default to silent. */
    logStream?: { write(line: string): void };
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase({ poolSize: opts.poolSize }));
  // Stored files and the generated document key go to a directory of the test's own.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-data-'));
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, ...opts.config }),
    payments: opts.payments,
    logStream: opts.logStream,
    onRoute: opts.onRoute,
    database,
    limits: { ...RAISED_LIMITS, ...opts.limits },
    counters: opts.counters,
    now: opts.now,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps the session cookie between requests. */
export class Client {
  cookie: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      ...opts,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...opts.headers },
    });
    const set = res.cookies.find((c) => c.name === 'sid');
    if (set) this.cookie = set.value ? `sid=${set.value}` : null;
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}
