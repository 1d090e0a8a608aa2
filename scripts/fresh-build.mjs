// What scripts/start.mjs and scripts/server-cli.mjs share: a build output is rebuilt (`npm run
// <script>`) when it is missing or older than any of its sources. A deployed host may carry
// dist/ without the sources: a missing source folder counts as old.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const at = (...p) => path.join(root, ...p);

function newest(dir) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    t = Math.max(t, newest(path.join(dir, entry.name)));
  return t;
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

/** Runs `npm run <script>` when `output` is missing or older than a file under `sources`. */
export function buildIfStale(output, sources, script, label) {
  const newestSource = Math.max(...sources.map((s) => newest(at(s))));
  if (mtime(at(output)) > 0 && mtime(at(output)) >= newestSource) return;
  console.error(`Building ${label}…`);
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
