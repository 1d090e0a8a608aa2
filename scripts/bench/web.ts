// `npm run bench:web [-- --runs N] [-- --no-build] [-- --pages dashboard,queue] [-- --direct]
// [-- --trace]`: builds, starts the production server (as
// the production journeys do: e2e/own-server.ts, on a scratch PostgreSQL database of
// DATABASE_URL's server, else a scratch PGlite), makes a patient who paid and waits in line,
// and runs Lighthouse (mobile preset) N times (3) on the landing page, sign-in, and that
// patient's dashboard and queue page. Prints each page's medians and what costs the most in
// its median run. A benchmark, not a test: it fails only if it cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startProductionServer } from '../../e2e/own-server';
import { causesOf } from './web-causes';
import { lighthouseRun, type RunFigures, stopBrowser } from './web-lighthouse';
import { longTasks } from './web-long-tasks';
import { startNginxFront } from './web-nginx';
import { type SessionCookie, waitingPatient } from './web-patient';

const PAGES = [
  // Where a patient typing the address lands: the app renders, then sends a visitor on.
  { name: 'landing /', path: '/', signedIn: false },
  { name: 'landing /landing', path: '/landing', signedIn: false },
  { name: 'sign-in /login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/patient/dashboard', signedIn: true },
  { name: 'queue', path: '/patient/queue', signedIn: true },
];

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of runs per page (1 or more).');
  process.exit(1);
}
const build = !args.includes('--no-build');
// The pages are measured through the deploy recipe's nginx (TLS, HTTP/2, assets from disk), as
// a patient gets them; --direct measures the node alone (HTTP/1.1, no TLS).
const direct = args.includes('--direct');
// --trace: sample the JavaScript too and print what fills each long task of the median run
// (web-long-tasks.ts). The sampler costs a little: figures from traced runs are not the ones to quote.
const trace = args.includes('--trace');
// --pages: only the pages whose name contains one of these words (the figures of one change).
const pagesAt = args.indexOf('--pages');
const only = pagesAt >= 0 ? (args[pagesAt + 1] ?? '').split(',') : null;
const pages = PAGES.filter((p) => !only || only.some((word) => word && p.name.includes(word)));
if (pages.length === 0) {
  console.error(`--pages matched none of: ${PAGES.map((p) => p.name).join(', ')}.`);
  process.exit(1);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};
const load = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * One Lighthouse run, tried once more if it fails: on a loaded machine Chromium now and then
 * drops its DevTools connection at the end of a run, which should not end a quarter-hour bench.
 */
async function measured(url: string, cookies: SessionCookie[], reportPath: string) {
  try {
    return await lighthouseRun(url, cookies, reportPath, trace);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.log(`  ${new URL(url).pathname}: the run failed (${why}); running it again`);
    return lighthouseRun(url, cookies, reportPath, trace);
  }
}

const loadAtStart = load();
console.log(`Load average at start: ${loadAtStart}`);
if (build) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
} else if (!existsSync('dist/server/main.js') || !existsSync('dist/public/index.html')) {
  console.error('--no-build: there is no build in dist/ (run `npm run build`).');
  process.exit(1);
}

const reportDir = path.join(
  os.tmpdir(),
  `okmmj-bench-web-${new Date().toISOString().replace(/[:.]/g, '-')}`,
);
mkdirSync(reportDir, { recursive: true });
const appPort = await freePort();
const server = await startProductionServer(appPort);
const front = direct ? null : await startNginxFront(appPort, await freePort(), await freePort());
const origin = front?.origin ?? server.origin;
const stopOnSignal = () =>
  void Promise.allSettled([stopBrowser(), front?.stop(), server.stop()]).finally(() =>
    process.exit(130),
  );
process.once('SIGINT', stopOnSignal);
process.once('SIGTERM', stopOnSignal);

const results: { name: string; runs: RunFigures[]; causes: string[] }[] = [];
try {
  const cookies: SessionCookie[] = await waitingPatient(server.origin, server.mailDir);
  for (const page of pages) {
    const url = `${origin}${page.path}`;
    const done: {
      figures: RunFigures;
      lhr: Awaited<ReturnType<typeof lighthouseRun>>['lhr'];
      report: string;
    }[] = [];
    for (let i = 1; i <= runs; i++) {
      const slug = page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
      const report = path.join(reportDir, `${slug}-${i}.json`);
      const run = await measured(url, page.signedIn ? cookies : [], report);
      // A signed-in page that sent the browser to sign-in measured the wrong page.
      const landed = new URL(run.lhr.finalDisplayedUrl).pathname;
      if (page.signedIn && landed !== page.path)
        throw new Error(`${page.path} showed ${landed}: the patient's session did not hold`);
      console.log(`  ${page.name} run ${i}/${runs}: Performance ${run.figures.performance}`);
      done.push({ ...run, report });
    }
    // What costs the most, read from the run whose Performance score is the median.
    const middle = [...done].sort((a, b) => a.figures.performance - b.figures.performance)[
      Math.floor(done.length / 2)
    ];
    results.push({
      name: page.name,
      runs: done.map((d) => d.figures),
      causes: middle
        ? [
            ...causesOf(middle.lhr, middle.figures),
            ...(trace ? longTasks(middle.report.replace(/\.json$/, '.trace.json')) : []),
          ]
        : [],
    });
  }
} finally {
  await front?.stop();
  await server.stop();
}

const chromium = spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(
  `\nLighthouse 12.2.3, mobile preset (simulated slow 4G, 4x CPU slowdown), ${chromium}, ` +
    `production build on ${server.database}; median of ${runs}.`,
);
console.log(`Load average at start: ${loadAtStart}; at end: ${load()}.\n`);
// Each column's heading and width.
const columns: [string, number][] = [
  ['page', 18],
  ['Perf', 5],
  ['A11y', 5],
  ['BP', 4],
  ['SEO', 4],
  ['LCP s', 6],
  ['TBT ms', 7],
  ['CLS', 6],
  ['KB wire', 8],
  ['requests', 9],
  ['compressed', 11],
  ['Perf runs', 12],
];
const row = (cells: (string | number)[]) =>
  cells
    .map((c, i) => {
      const width = columns[i]?.[1] ?? 0;
      return i === 0 ? String(c).padEnd(width) : String(c).padStart(width);
    })
    .join(' ');
console.log(row(columns.map(([heading]) => heading)));
for (const { name, runs: figures } of results) {
  const m = (pick: (f: RunFigures) => number) => median(figures.map(pick));
  console.log(
    row([
      name,
      m((f) => f.performance),
      m((f) => f.accessibility),
      m((f) => f.bestPractices),
      m((f) => f.seo),
      (m((f) => f.lcpMs) / 1000).toFixed(1),
      Math.round(m((f) => f.tbtMs)),
      m((f) => f.cls).toFixed(3),
      (m((f) => f.transferBytes) / 1024).toFixed(0),
      m((f) => f.requests),
      m((f) => f.compressed),
      figures.map((f) => f.performance).join('/'),
    ]),
  );
}
for (const { name, causes } of results)
  console.log(`\n${name}:\n${causes.map((c) => `  ${c}`).join('\n')}`);
console.log(`\nEach run's Lighthouse report (JSON): ${reportDir}`);
