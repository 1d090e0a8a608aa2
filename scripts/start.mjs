#!/usr/bin/env node
// `npm start` / `npm run demo`: build whatever is missing or older than its sources, then
// run the server (which applies migrations). `--demo` also seeds the demo clinic (SEED_DEMO=clinic).
import { spawnSync } from 'node:child_process';
import { at, buildIfStale, root } from './fresh-build.mjs';

const shared = ['src/shared', 'package-lock.json'];
buildIfStale('dist/server/main.js', ['src/server', ...shared], 'build:server', 'the server');
buildIfStale('dist/public/index.html', ['src/web', ...shared], 'build:web', 'the web app');

const env = { ...process.env };
if (process.argv.includes('--demo')) env.SEED_DEMO = 'clinic';
const server = spawnSync(process.execPath, ['--enable-source-maps', at('dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(server.status ?? 0);
