#!/usr/bin/env node
// `npm test`: every suite in turn, each with its time, stopping at the first that fails. CI
// (`.ci/run`) runs this on PostgreSQL; the times show which suite grows past the CI budget.
import { spawnSync } from 'node:child_process';

const stages = [
  'build',
  'test:api',
  'test:fuzz',
  // The server was built by the first stage: test:faults alone would compile it again.
  'test:faults:built',
  'test:e2e',
  'test:e2e:video',
  'test:e2e:cluster',
];

const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
const times = [];
for (const stage of stages) {
  console.log(`\n== npm run ${stage} ==`);
  const at = Date.now();
  const run = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  times.push(`${stage} ${seconds(at)} s`);
  console.log(`== npm run ${stage}: ${seconds(at)} s (total ${seconds(started)} s) ==`);
  if (run.status !== 0) {
    console.log(`npm test stopped: ${stage} failed (${times.join(', ')}).`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\nnpm test: every suite passed in ${seconds(started)} s (${times.join(', ')}).`);
