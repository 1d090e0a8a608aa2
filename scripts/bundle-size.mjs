#!/usr/bin/env node
// Prints the landing page's critical-path JavaScript: the entry script and every module the
// HTML preloads, gzip-compressed. DESIGN.md's budget is 170 KB; over it, the build fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/public');
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
].map((m) => m[1]);

let total = 0;
for (const file of new Set(files)) {
  const size = gzipSync(readFileSync(path.join(dir, file))).length;
  total += size;
  console.log(`  ${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} KB gzip`);
}
const kb = total / 1024;
console.log(`Landing critical-path JS: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error('Over budget: load more of the app lazily.');
  process.exit(1);
}
