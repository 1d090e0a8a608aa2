#!/usr/bin/env node
// After `vite build` (issue 23, "Deliver less, once"): every text file of dist/public gets a
// brotli (.br, maximum quality) and a gzip (.gz, level 9) copy beside it, so the server and
// nginx answer compressed by picking a file, with no compression work per request. Source
// maps leave dist/public for dist/sourcemaps: kept for error reports, never served.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

//   node scripts/compress-build.mjs [public dir]   (dist/public; its maps go to ../sourcemaps)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = path.resolve(process.argv[2] ?? path.join(root, 'dist/public'));
const SOURCEMAP_DIR = path.join(path.dirname(PUBLIC_DIR), 'sourcemaps');

/** The file types a browser is sent as text; images and fonts are compressed already. */
const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** A copy that does not save at least this much is not worth a second file to choose. */
const MIN_SAVING = 0.05;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** Moves every *.map out of dist/public, keeping its path (assets/x.js.map). */
function moveSourceMaps() {
  rmSync(SOURCEMAP_DIR, { recursive: true, force: true });
  let moved = 0;
  for (const file of filesUnder(PUBLIC_DIR)) {
    if (!file.endsWith('.map')) continue;
    const to = path.join(SOURCEMAP_DIR, path.relative(PUBLIC_DIR, file));
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(file, to);
    moved++;
  }
  return moved;
}

async function compress(file) {
  const body = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const written = { file, size: body.length, br: 0, gz: 0 };
  for (const [ext, copy] of [
    ['br', br],
    ['gz', gz],
  ]) {
    if (copy.length > body.length * (1 - MIN_SAVING)) continue;
    writeFileSync(`${file}.${ext}`, copy);
    written[ext] = copy.length;
  }
  return written;
}

const maps = moveSourceMaps();
const files = [...filesUnder(PUBLIC_DIR)].filter((f) => TEXT_FILE.test(f));
const results = await Promise.all(files.map(compress));
// A file without a copy is sent as it is: count its own size.
const sum = (key) => results.reduce((n, r) => n + (r[key] || r.size), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `Compressed ${results.filter((r) => r.br).length} of ${files.length} text files: ` +
    `${kb(sum('size'))} → ${kb(sum('br'))} brotli, ${kb(sum('gz'))} gzip; ` +
    `${maps} source maps moved to dist/sourcemaps`,
);
