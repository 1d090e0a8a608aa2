// `npm run bench:sweep`: what the once-a-minute session sweep (realtime/session-sweep.ts, ADR
// 0013) writes with N patients' pages open (default 2,000; argv[2]), on PostgreSQL (DATABASE_URL
// or the local default; a scratch database is created and dropped). First three minutes as
// before issue 23 (a touch() per session), then eleven of SessionStore.sweep: UPDATE statements,
// rows written and this process's CPU per pass. Prints figures; it is not a test.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { hashToken, SessionStore } from '../../src/server/modules/auth/session-store.js';
import { adminUrl, databaseUrlFor } from '../../src/server/test/pg-urls.js';

const N = Number(process.argv[2] ?? 2000);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `okmmj_bench_sweep_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl(base) });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
try {
  const database = await openDatabase({ databaseUrl: databaseUrlFor(base, dbName), dataDir: '' });
  await runMigrations(database);
  const seed = new pg.Client({ connectionString: databaseUrlFor(base, dbName) });
  await seed.connect();
  const { rows } =
    await seed.query(`insert into users (email, password_hash, first_name, last_name, role)
    select 'p' || i || '@e.test', 'x', 'P', 'Q' || i, 'patient' from generate_series(1, ${N}) i returning id`);
  await seed.query(
    `insert into patient_profiles (user_id, first_name, last_name, state) select id, 'P', 'Q', 'OK' from users`,
  );
  let clock = Date.now();
  const counts = { update: 0 };
  const db = database.db;
  const origUpdate = db.update.bind(db);
  (db as { update: unknown }).update = (...a: Parameters<typeof origUpdate>) => {
    counts.update++;
    return origUpdate(...a);
  };
  const store = new SessionStore(db, () => clock);
  const hashes: string[] = [];
  for (const r of rows) hashes.push(hashToken(await store.create(r.id, {})));
  const rowsWritten = async () =>
    Number(
      (
        await seed.query(
          `select count(*) from sessions where last_seen_at = to_timestamp($1 / 1000.0)`,
          [clock],
        )
      ).rows[0].count,
    );
  const cpu = (f: () => Promise<unknown>) => async () => {
    const c = process.cpuUsage();
    const t = performance.now();
    await f();
    const u = process.cpuUsage(c);
    return { ms: performance.now() - t, cpuMs: (u.user + u.system) / 1000 };
  };
  // Before issue 23: a touch() per session, every minute.
  for (let minute = 1; minute <= 3; minute++) {
    clock += 60_000;
    counts.update = 0;
    const r = await cpu(async () => {
      for (const h of hashes) await store.touch(h);
    })();
    console.log(
      `old sweep, minute ${minute}: ${counts.update} UPDATE statements, ${await rowsWritten()} rows written, ${r.ms.toFixed(0)} ms wall, ${r.cpuMs.toFixed(0)} ms CPU (node)`,
    );
  }
  const fresh = new SessionStore(db, () => clock);
  for (let minute = 4; minute <= 14; minute++) {
    clock += 60_000;
    counts.update = 0;
    const r = await cpu(() =>
      fresh.sweep(hashes.map((tokenHash) => ({ tokenHash, active: true }))),
    )();
    console.log(
      `new sweep, minute ${minute}: ${counts.update} UPDATE statements, ${await rowsWritten()} rows written, ${r.ms.toFixed(0)} ms wall, ${r.cpuMs.toFixed(0)} ms CPU (node)`,
    );
  }
  await seed.end();
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
