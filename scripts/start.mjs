#!/usr/bin/env node
// `npm start` / `npm run demo`: build whatever is missing or older than its sources, then
// run the server (which applies migrations). `--demo` also seeds the demo clinic (SEED_DEMO=clinic).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
const lock = mtime(at('package-lock.json'));
const shared = newest(at('src/shared'));

function run(script) {
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const serverOut = at('dist/server/main.js');
if (mtime(serverOut) < Math.max(newest(at('src/server')), shared, lock)) {
  console.log('Building the server…');
  run('build:server');
}
const webOut = at('dist/public/index.html');
if (mtime(webOut) < Math.max(newest(at('src/web')), shared, lock)) {
  console.log('Building the web app…');
  run('build:web');
}

const env = { ...process.env };
if (process.argv.includes('--demo')) env.SEED_DEMO = 'clinic';
const server = spawnSync(process.execPath, ['--enable-source-maps', serverOut], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(server.status ?? 0);
