// What a Lighthouse report says costs the most on a page, in a few lines for the people making
// it faster: the scripts that keep the main thread busy, the JavaScript sent but not run, the
// largest contentful paint's element and where its time goes, what moved, and the audits that
// cost Accessibility, Best Practices or SEO points.
import type { Result } from 'lighthouse';
import type { RunFigures } from './web-lighthouse';

type Item = Record<string, unknown>;

/** The rows of an audit's table (or of the `index`th table of a list), or none. */
function rows(lhr: Result, audit: string, index?: number): Item[] {
  let details = lhr.audits[audit]?.details as Item | undefined;
  if (details && index !== undefined) details = (details.items as Item[] | undefined)?.[index];
  return (details?.items as Item[] | undefined) ?? [];
}

const file = (url: unknown) => {
  if (typeof url !== 'string') return String(url);
  try {
    const { pathname, hostname } = new URL(url);
    return hostname === '127.0.0.1' ? pathname : `${hostname}${pathname}`;
  } catch {
    return url;
  }
};
const ms = (n: unknown) => `${Math.round(Number(n)).toLocaleString('en-US')} ms`;
const kb = (n: unknown) => `${(Number(n) / 1024).toFixed(0)} KB`;
const node = (n: unknown) => {
  const { nodeLabel, selector, snippet } = (n ?? {}) as Record<string, string | undefined>;
  const label = (nodeLabel ?? snippet ?? '?').replace(/\s+/g, ' ').slice(0, 60);
  return selector ? `${selector} ("${label}")` : `"${label}"`;
};
const top = (items: Item[], by: string, n = 3) =>
  [...items].sort((a, b) => Number(b[by]) - Number(a[by])).slice(0, n);

export function causesOf(lhr: Result, figures: RunFigures): string[] {
  const lines: string[] = [];
  const plain = figures.uncompressedText;
  if (plain.length)
    lines.push(
      `text over 1 KB sent uncompressed: ${plain.length} (${plain.slice(0, 3).join(', ')}${plain.length > 3 ? ', …' : ''})`,
    );
  const boot = top(rows(lhr, 'bootup-time'), 'total');
  if (boot.length)
    lines.push(
      `main thread by script: ${boot.map((b) => `${file(b.url)} ${ms(b.total)} (script ${ms(b.scripting)})`).join('; ')}`,
    );
  const work = top(rows(lhr, 'mainthread-work-breakdown'), 'duration');
  if (work.length)
    lines.push(
      `main thread by kind: ${work.map((w) => `${w.groupLabel} ${ms(w.duration)}`).join('; ')}`,
    );
  const unused = top(rows(lhr, 'unused-javascript'), 'wastedBytes');
  if (unused.length)
    lines.push(
      `unused JavaScript: ${unused.map((u) => `${file(u.url)} ${kb(u.wastedBytes)} of ${kb(u.totalBytes)}`).join('; ')}`,
    );
  const blocking = rows(lhr, 'render-blocking-resources');
  if (blocking.length)
    lines.push(
      `render-blocking: ${blocking.map((b) => `${file(b.url)} ${ms(b.wastedMs)}`).join('; ')}`,
    );
  const [lcp] = rows(lhr, 'largest-contentful-paint-element', 0);
  if (lcp) {
    const phases = rows(lhr, 'largest-contentful-paint-element', 1)
      .map((p) => `${p.phase} ${ms(p.timing)}`)
      .join(', ');
    lines.push(`LCP element: ${node(lcp.node)}${phases ? `; ${phases}` : ''}`);
  }
  const shifts = top(rows(lhr, 'layout-shifts'), 'score');
  if (shifts.length)
    lines.push(
      `layout shifts: ${shifts.map((s) => `${node(s.node)} ${Number(s.score).toFixed(3)}`).join('; ')}`,
    );
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${category})`),
  );
  if (failing.length) lines.push(`failing: ${failing.join('; ')}`);
  if (figures.issues.length) lines.push(`Issues panel: ${figures.issues.join('; ')}`);
  return lines;
}
