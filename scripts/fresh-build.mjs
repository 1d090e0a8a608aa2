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

/** What each build does and how long it takes, for the line printed before it. */
export const SERVER_BUILD = {
  what: 'the server (TypeScript compiler, type-checking every file)',
  takes: 'from about 20 s to a minute and a half on a small machine',
};
export const WEB_BUILD = {
  what: 'the web app (Vite: bundling, minifying and compressing the pages)',
  takes: 'about 10 to 30 s',
};

/**
 * Runs `npm run <script>` when `output` is missing or older than a file under `sources`.
 * A first build is long and silent: say what it does and how long it takes, then how long it took.
 */
export function buildIfStale(output, sources, script, { what, takes }) {
  const newestSource = Math.max(...sources.map((s) => newest(at(s))));
  if (mtime(at(output)) > 0 && mtime(at(output)) >= newestSource) return;
  const why = mtime(at(output)) > 0 ? 'its sources changed' : 'first start';
  console.error(`Building ${what}: ${why}, ${takes}…`);
  const started = Date.now();
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.error(`  built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
