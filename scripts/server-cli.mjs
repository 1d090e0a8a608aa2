#!/usr/bin/env node
// `npm run backup` / `npm run restore`: the built server's CLI (dist/server/backup/cli.js), as
// `npm start` runs the built server (scripts/start.mjs): rebuilt first when its sources are
// newer, so it also works on a deployed host that has only dist/ and production dependencies
// (tsx is a devDependency, so the CLI never runs from the TypeScript sources).
import { spawnSync } from 'node:child_process';
import { at, buildIfStale, root, SERVER_BUILD } from './fresh-build.mjs';

const entry = 'dist/server/backup/cli.js';
buildIfStale(entry, ['src/server', 'src/shared'], 'build:server', SERVER_BUILD);
// Run from the project root, as the server is (a relative DATA_DIR means the same folder); the
// CLI resolves the archive and --out from INIT_CWD, where the command was typed.
const run = spawnSync(
  process.execPath,
  ['--enable-source-maps', at(entry), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
  },
);
process.exit(run.status ?? 1);
