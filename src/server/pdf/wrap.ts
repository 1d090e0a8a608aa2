import type { PDFFont } from 'pdf-lib';

/**
 * Lines of `text` no wider than `width` in `font` at `size`, measured with the font's own
 * advance widths. A word wider than the line on its own (a long hyphenated name, an address
 * without spaces) is split between characters rather than drawn past the margin.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = '';
    for (const piece of splitWord(word, fits)) {
      if (line) out.push(line);
      line = piece;
    }
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

/** The word in pieces that each fit, cut after a hyphen where one is close enough. */
function splitWord(word: string, fits: (s: string) => boolean): string[] {
  const pieces: string[] = [];
  let rest = [...word]; // by code point: a surrogate pair is never cut in two
  while (rest.length > 0 && !fits(rest.join(''))) {
    let n = 1;
    while (n < rest.length && fits(rest.slice(0, n + 1).join(''))) n++;
    const hyphen = rest.slice(0, n).lastIndexOf('-');
    if (hyphen >= n / 2) n = hyphen + 1;
    pieces.push(rest.slice(0, n).join(''));
    rest = rest.slice(n);
  }
  if (rest.length > 0) pieces.push(rest.join(''));
  return pieces;
}
