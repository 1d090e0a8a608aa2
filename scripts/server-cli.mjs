#!/usr/bin/env node
// `npm run backup` / `npm run restore`: the built server's CLI (dist/server/backup/cli.js), as
// `npm start` runs the built server (scripts/start.mjs): rebuilt first when its sources are
// newer, so it also works on a deployed host that has only dist/ and production dependencies
// (tsx is a devDependency, so the CLI never runs from the TypeScript sources).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newest(dir) {
  if (!existsSync(dir)) return 0; // a deployed host may carry dist/ without the sources
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

const entry = at('dist/server/backup/cli.js');
const sources = Math.max(newest(at('src/server')), newest(at('src/shared')));
if (mtime(entry) === 0 || mtime(entry) < sources) {
  console.error('Building the server…');
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Run from the project root, as the server is (a relative DATA_DIR means the same folder); the
// CLI resolves the archive and --out from INIT_CWD, where the command was typed.
const run = spawnSync(process.execPath, ['--enable-source-maps', entry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
process.exit(run.status ?? 1);
