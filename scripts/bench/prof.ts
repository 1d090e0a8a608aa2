import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';

const database = await openDatabase({ databaseUrl: process.argv[2], dataDir: '' });
const app = await buildApp({
  config: testConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'p-')) }),
  database,
});
await app.ready();
const r = (await database.db.execute(
  'select user_id from patient_profiles limit 200' as never,
)) as unknown as { rows: { user_id: string }[] };
const cookies: string[] = [];
for (const row of r.rows) cookies.push(`sid=${await app.ctx.sessions.create(row.user_id, {})}`);
for (let round = 0; round < 3; round++) {
  const t = performance.now();
  for (let i = 0; i < 2000; i++)
    await app.inject({
      method: 'GET',
      url: '/api/queue/status',
      headers: { cookie: cookies[i % 200]! },
    });
  console.log('status 200 sessions', ((performance.now() - t) / 2000).toFixed(3), 'ms/req');
}
await app.close();
await database.close();
