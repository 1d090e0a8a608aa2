// `npm run bench`: throughput of an authenticated GET /api/queue/status against a bare route
// of the same server, with 1,000 patients waiting on PostgreSQL (DESIGN.md budget: ratio of
// at least 0.5), and against a bare route on a second, plain Fastify instance in the same
// process (issue 10: goal at least 0.35 of plain Fastify). Prints figures; it is not a test.
// Beside requests per second it prints this process's CPU time per request (issue 23): on a
// machine other work shares, throughput swings with the load, CPU per request far less. Needs a PostgreSQL server: DATABASE_URL
// (any database on it; a scratch database is created and dropped) or the local default.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { adminUrl, databaseUrlFor } from '../../src/server/test/pg-urls.js';
import { seedWaitingPatients } from './seed-line.js';

const PATIENTS = 1000;
const SESSIONS = 200;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `okmmj_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl(base) });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-bench-'));

try {
  const database = await openDatabase({
    databaseUrl: databaseUrlFor(base, dbName),
    dataDir,
    poolSize: 10,
  });
  await runMigrations(database);
  const seed = new pg.Client({ connectionString: databaseUrlFor(base, dbName) });
  await seed.connect();
  // 1,000 paid patients in line, joined a second apart.
  await seedWaitingPatients(seed, PATIENTS, 'bench');
  await seed.end();

  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
  app.get('/bench/bare', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The baseline: plain Fastify, no hooks, no plugins, same process.
  const plain = Fastify();
  plain.get('/hello', async () => ({ hello: 'world' }));
  await plain.listen({ port: 0, host: '127.0.0.1' });
  const plainAddress = plain.server.address();
  const plainPort = typeof plainAddress === 'object' && plainAddress ? plainAddress.port : 0;

  const ids = await database.db.execute<{ user_id: string }>(
    `select user_id from patient_profiles order by random() limit ${SESSIONS}` as never,
  );
  const rows = (ids as unknown as { rows: { user_id: string }[] }).rows;
  const cookies: string[] = [];
  for (const r of rows) cookies.push(`sid=${await app.ctx.sessions.create(r.user_id, {})}`);

  // The load runs in a child process; this one keeps serving while it waits.
  const run = (url: string, withCookies: boolean) =>
    new Promise<{
      rps: number;
      p99: number;
      p50: number;
      total: number;
      bad: number;
      cpuUs: number;
    }>((resolve, reject) => {
      const cpuBefore = process.cpuUsage();
      const child = spawn(process.execPath, [
        path.join(import.meta.dirname, 'load.mjs'),
        url,
        String(CONNECTIONS),
        String(SECONDS),
        JSON.stringify(withCookies ? cookies : []),
      ]);
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('exit', (code) => {
        if (code !== 0) return reject(new Error(err));
        const cpu = process.cpuUsage(cpuBefore);
        const result = JSON.parse(out);
        resolve({ ...result, cpuUs: (cpu.user + cpu.system) / Math.max(1, result.total) });
      });
    });

  // Warm both paths, then alternate so drift on a noisy machine hits both alike.
  await run(`http://127.0.0.1:${port}/bench/bare`, false);
  await run(`http://127.0.0.1:${port}/api/queue/status`, true);
  await run(`http://127.0.0.1:${plainPort}/hello`, false);
  const bare: number[] = [];
  const hello: number[] = [];
  const status: number[] = [];
  const cpu = { hello: [] as number[], bare: [] as number[], status: [] as number[] };
  let bareP99 = 0;
  let statusP99 = 0;
  let bad = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const b = await run(`http://127.0.0.1:${port}/bench/bare`, false);
    const s = await run(`http://127.0.0.1:${port}/api/queue/status`, true);
    const h = await run(`http://127.0.0.1:${plainPort}/hello`, false);
    hello.push(h.rps);
    bare.push(b.rps);
    status.push(s.rps);
    cpu.hello.push(h.cpuUs);
    cpu.bare.push(b.cpuUs);
    cpu.status.push(s.cpuUs);
    bareP99 = Math.max(bareP99, b.p99);
    statusP99 = Math.max(statusP99, s.p99);
    bad += s.bad + b.bad;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = median(status) / median(bare);
  const plainRatio = median(status) / median(hello);
  console.log(
    `queue status benchmark — ${PATIENTS} patients waiting, ${SESSIONS} sessions, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s on PostgreSQL`,
  );
  const us = (xs: number[]) => `${median(xs).toFixed(0).padStart(4)} µs CPU/req`;
  console.log(
    `  plain Fastify hello     ${median(hello).toFixed(0).padStart(7)} req/s   ${us(cpu.hello)}   (second instance)`,
  );
  console.log(
    `  bare route              ${median(bare).toFixed(0).padStart(7)} req/s   ${us(cpu.bare)}   p99 ${bareP99} ms`,
  );
  console.log(
    `  GET /api/queue/status   ${median(status).toFixed(0).padStart(7)} req/s   ${us(cpu.status)}   p99 ${statusP99} ms`,
  );
  console.log(
    `  ratio ${ratio.toFixed(2)} of the app's bare route (budget ≥ 0.50)${bad ? `   non-2xx or errors: ${bad}` : ''}`,
  );
  console.log(`  ratio ${plainRatio.toFixed(2)} of plain Fastify (goal ≥ 0.35)`);
  console.log(
    `  by CPU per request: ${(median(cpu.bare) / median(cpu.status)).toFixed(2)} of the bare route, ${(median(cpu.hello) / median(cpu.status)).toFixed(2)} of plain Fastify (what the ratios tend to when the server is the bottleneck)`,
  );
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  await plain.close();
  await app.close();
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
