// What fills a page's long main-thread tasks, read from a Lighthouse trace taken with the
// JavaScript sampler (`npm run bench:web -- --trace`). For each task over 12 ms as observed
// (Lighthouse's mobile preset counts it four times as long: 50 ms is where blocking starts), the
// functions whose samples fill it, named through the build's source maps (dist/sourcemaps).
// Also runs alone: `node --import tsx scripts/bench/web-long-tasks.ts <x.trace.json>`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const OBSERVED_LONG_US = 12_000;

/** Names a script position by the source it was built from, where a map is on disk. */
function namer(mapsDir: string) {
  const maps = new Map<string, SourceMapConsumer | null>();
  return ({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']) => {
    if (!url) return functionName;
    const file = url.split('/').pop() ?? '';
    if (!maps.has(file)) {
      try {
        const map = JSON.parse(readFileSync(path.join(mapsDir, `${file}.map`), 'utf8'));
        maps.set(file, new SourceMapConsumer(map));
      } catch {
        maps.set(file, null);
      }
    }
    const at = maps.get(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    if (!at?.source) return `${file} ${functionName}`;
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${source}:${at.line}${at.name ? ` ${at.name}` : ''}`;
  };
}

/** One line per long task: when, how long, and the sources that fill most of it. */
export function longTasks(traceFile: string, mapsDir = 'dist/sourcemaps/assets'): string[] {
  const events: TraceEvent[] = JSON.parse(readFileSync(traceFile, 'utf8')).traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return ['no first contentful paint in this trace'];
  const main = events.find(
    (e) => e.pid === fcp.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const start = events.find((e) => e.pid === fcp.pid && e.name === 'navigationStart')?.ts ?? 0;

  // The sampler's chunks: a tree of call frames and, per sample, its leaf and time delta.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; leaf: number }[] = [];
  const clocks = new Map<string | undefined, number>();
  for (const e of events) {
    if (e.pid !== fcp.pid) continue;
    if (e.name === 'Profile') clocks.set(e.id, e.args?.data?.startTime ?? 0);
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data ?? {};
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let clock = clocks.get(e.id) ?? 0;
    (data.cpuProfile?.samples ?? []).forEach((leaf, i) => {
      clock += data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, leaf });
    });
    clocks.set(e.id, clock);
  }
  const name = namer(mapsDir);
  const ms = (us: number) => `${Math.round(us / 1000)} ms`;
  const lines = [`first contentful paint at ${ms(fcp.ts - start)} (observed)`];
  const tasks = events
    .filter(
      (e) =>
        e.pid === fcp.pid &&
        e.tid === main?.tid &&
        e.name === 'RunTask' &&
        (e.dur ?? 0) > OBSERVED_LONG_US &&
        e.ts > start,
    )
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    // Inclusive share per source: a frame counts once per sample, however deep it recurs.
    const share = new Map<string, number>();
    for (const sample of inside) {
      const seen = new Set<string>();
      for (let id: number | undefined = sample.leaf; id !== undefined; ) {
        const node = nodes.get(id);
        if (!node) break;
        const key = name(node.callFrame);
        if (!seen.has(key) && key !== '(root)' && key !== '(program)') {
          seen.add(key);
          share.set(key, (share.get(key) ?? 0) + 1);
        }
        id = node.parent ?? findParent(nodes, id);
      }
    }
    const ours = [...share]
      .filter(([key]) => key.startsWith('src/') || key.startsWith('(garbage'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4);
    const theirs = [...share]
      .filter(([key]) => !key.startsWith('src/') && !key.startsWith('('))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3);
    const pct = ([key, n]: [string, number]) =>
      `${key} ${Math.round((100 * n) / Math.max(1, inside.length))}%`;
    const when = task.ts < fcp.ts ? 'before first paint' : 'after first paint';
    lines.push(
      `  at ${ms(task.ts - start)}, ${ms(task.dur ?? 0)} (${when}): ${[...ours, ...theirs].map(pct).join('; ') || 'no JavaScript sampled (parsing, style, layout)'}`,
    );
  }
  return lines;
}

// Older Chromium traces give children, not parents.
const parents = new WeakMap<Map<number, ProfileNode>, Map<number, number>>();
function findParent(nodes: Map<number, ProfileNode>, id: number): number | undefined {
  let index = parents.get(nodes);
  if (!index) {
    index = new Map();
    for (const n of nodes.values())
      for (const child of (n as { children?: number[] }).children ?? []) index.set(child, n.id);
    parents.set(nodes, index);
  }
  return index.get(id);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx scripts/bench/web-long-tasks.ts <x.trace.json>');
    process.exit(2);
  }
  for (const line of longTasks(file)) console.log(line);
}
