#!/usr/bin/env node
// Prints the landing page's critical-path JavaScript: the entry script and every module the
// HTML preloads, plus the larger of the two languages' catalogs the first render waits for
// (issue 24: en-*.js, es-*.js), gzip-compressed, and the brotli size a browser that asks for it is sent
// (scripts/compress-build.mjs writes the .br copies first). DESIGN.md's budget is 170 KB gzip;
// over it, the build fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/public');
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
].map((m) => m[1]);
const catalogs = readdirSync(path.join(dir, 'assets'))
  .filter((name) => /^(en|es)-[\w-]+\.js$/.test(name))
  .map((name) => `/assets/${name}`);
if (catalogs.length !== 2) {
  console.error(`Expected the en and es catalog chunks, found: ${catalogs.join(', ') || 'none'}`);
  process.exit(1);
}
const gzipped = (file) => gzipSync(readFileSync(path.join(dir, file))).length;
files.push(catalogs.reduce((a, b) => (gzipped(a) >= gzipped(b) ? a : b)));

const kb = (bytes) => (bytes / 1024).toFixed(1);
let total = 0;
let totalBrotli = 0;
for (const file of new Set(files)) {
  const size = gzipped(file);
  const br = path.join(dir, `${file}.br`);
  const brotli = existsSync(br) ? readFileSync(br).length : size;
  total += size;
  totalBrotli += brotli;
  console.log(
    `  ${file.padEnd(48)} ${kb(size).padStart(7)} KB gzip ${kb(brotli).padStart(7)} KB brotli`,
  );
}
console.log(
  `Landing critical-path JS: ${kb(total)} KB gzip, ${kb(totalBrotli)} KB brotli (budget ${BUDGET_KB} KB gzip)`,
);
if (total / 1024 > BUDGET_KB) {
  console.error('Over budget: load more of the app lazily.');
  process.exit(1);
}
