#!/usr/bin/env node
// `npm start` / `npm run demo`: build whatever is missing or older than its sources, then
// run the server (which applies migrations). `--demo` also seeds the demo clinic, in a data
// folder of its own (scripts/demo-data.mjs).
import { spawnSync } from 'node:child_process';
import { demoSettings } from './demo-data.mjs';
import { at, buildIfStale, root, SERVER_BUILD, WEB_BUILD } from './fresh-build.mjs';

const shared = ['src/shared', 'package-lock.json'];
buildIfStale('dist/server/main.js', ['src/server', ...shared], 'build:server', SERVER_BUILD);
buildIfStale('dist/public/index.html', ['src/web', ...shared], 'build:web', WEB_BUILD);

const demo = process.argv.includes('--demo');
const env = demo ? demoSettings(process.env, root) : process.env;
if (demo) console.error(`The demo clinic keeps its data in ${env.DATA_DIR} (npm start: ./data).`);
const server = spawnSync(process.execPath, ['--enable-source-maps', at('dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(server.status ?? 0);
