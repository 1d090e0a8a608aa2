#!/usr/bin/env node
// Runs a command in a private network namespace that has only loopback (DESIGN.md toolchain
// notes; issue 5): the video journeys and the join benchmark put server and browser there, so
// ICE can only gather 127.0.0.1 candidates and nothing points off the machine. The machine's
// PostgreSQL is on the other loopback, so DATABASE_URL is dropped and the server uses its
// embedded PGlite. Needs root, or unprivileged user namespaces (then `unshare -r`).
//   node scripts/loopback-only.mjs npx playwright test --config playwright.video.config.ts
import { spawnSync } from 'node:child_process';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: loopback-only.mjs <command> [args…]');
  process.exit(2);
}
const quote = (arg) => `'${arg.replaceAll("'", "'\\''")}'`;
const inner = `ip link set lo up && unset DATABASE_URL && exec ${command.map(quote).join(' ')}`;
const asRoot = process.getuid?.() === 0;
const result = spawnSync('unshare', [...(asRoot ? [] : ['-r']), '-n', 'sh', '-c', inner], {
  stdio: 'inherit',
});
if (result.error) {
  console.error(`could not start a network namespace: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
