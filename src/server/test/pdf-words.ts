import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A generated PDF as poppler (Debian's poppler-utils) reads it: its text in reading layout, and
// each word with its box, so a test can check what a reader sees and that nothing is drawn on
// top of something else.

function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdftotext -layout`: columns kept apart by spaces, as a reader sees them. */
export const pdfLayoutText = (bytes: Uint8Array): string =>
  withFile(bytes, (file) =>
    execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
  );

export interface PdfWord {
  page: number;
  pageWidth: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word with its box (`pdftotext -bbox`; points, y down from the page's top). */
export function pdfWords(bytes: Uint8Array): PdfWord[] {
  const html = withFile(bytes, (file) =>
    execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }),
  );
  const words: PdfWord[] = [];
  let page = 0;
  let pageWidth = 0;
  const tag =
    /<page width="([\d.]+)"[^>]*>|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(tag)) {
    if (m[1]) {
      page++;
      pageWidth = Number(m[1]);
      continue;
    }
    words.push({
      page,
      pageWidth,
      text: decodeEntities(m[6]!),
      xMin: Number(m[2]),
      yMin: Number(m[3]),
      xMax: Number(m[4]),
      yMax: Number(m[5]),
    });
  }
  return words;
}

/** Pairs of words on the same page whose boxes intersect (by more than a hair). */
export function overlappingWords(words: PdfWord[]): [string, string][] {
  const hair = 0.1;
  const out: [string, string][] = [];
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      if (
        a.page === b.page &&
        a.xMin < b.xMax - hair &&
        b.xMin < a.xMax - hair &&
        a.yMin < b.yMax - hair &&
        b.yMin < a.yMax - hair
      )
        out.push([a.text, b.text]);
    }
  return out;
}
