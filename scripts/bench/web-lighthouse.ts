// One Lighthouse run (the pinned devDependency, mobile preset: its default config) in a fresh
// Debian Chromium, and the figures `npm run bench:web` reads from it.
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, {
  type Artifacts,
  type Config,
  type DevtoolsLog,
  defaultConfig,
  type Result,
  type Trace,
} from 'lighthouse';
import TraceGatherer from 'lighthouse/core/gather/gatherers/trace.js';
import puppeteer from 'puppeteer-core';
import type { SessionCookie } from './web-patient';

/** Debian's Chromium: the project never downloads a browser. */
const CHROMIUM = '/usr/bin/chromium';

/**
 * Lighthouse 12.2.3's trace engine reads each frame's PipelineReporter under its old name,
 * `chrome_frame_reporter`; Chromium now names it `frame_reporter`, and the audits built on that
 * engine (the LCP element, layout shifts, render-blocking resources) then fail with "reading
 * 'frame_sequence'". This trace gatherer gives each such event its old name too, before anything
 * reads the trace; the settings stay the default (mobile) preset's.
 */
class TraceUnderOldFrameName extends TraceGatherer {
  override getArtifact(): Trace {
    const trace = super.getArtifact();
    for (const event of trace.traceEvents) {
      const args = event.args as Record<string, unknown> | undefined;
      if (event.name === 'PipelineReporter' && args?.frame_reporter && !args.chrome_frame_reporter)
        args.chrome_frame_reporter = args.frame_reporter;
    }
    return trace;
  }
}
const CONFIG: Config = {
  ...defaultConfig,
  artifacts: defaultConfig.artifacts?.map((artifact) =>
    artifact.id === 'Trace'
      ? { ...artifact, gatherer: { implementation: TraceUnderOldFrameName } }
      : artifact,
  ),
};

export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes on the wire: every response's transfer size, headers included. */
  transferBytes: number;
  requests: number;
  /** Responses sent with a Content-Encoding (br, gzip, …). */
  compressed: number;
  /** Text responses (scripts, styles, HTML, JSON, SVG) over 1 KB sent without one. */
  uncompressedText: string[];
  /** What the browser's Issues panel showed (Best Practices' inspector-issues audit). */
  issues: string[];
}

let starting: Promise<chromeLauncher.LaunchedChrome> | undefined;
let interrupted = false;

/** Ends the run's Chromium, once started if it is starting (the bench was interrupted). */
export async function stopBrowser() {
  interrupted = true;
  const chrome = await starting?.catch(() => undefined);
  chrome?.kill();
}

/**
 * Runs Lighthouse once on `url` in its own Chromium (nothing cached from an earlier run), the
 * browser holding `cookies` first when the page is a signed-in one; writes the report to
 * `reportPath` and answers its figures and the report.
 */
export async function lighthouseRun(
  url: string,
  cookies: SessionCookie[],
  reportPath: string,
  /** Also sample the JavaScript and write the trace beside the report (x.trace.json). */
  trace = false,
): Promise<{ figures: RunFigures; lhr: Result }> {
  if (interrupted) throw new Error('bench:web was interrupted');
  starting = chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The machines run as root, where Chromium refuses to start with its sandbox.
    chromeFlags: [
      '--headless=new',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      // The bench's nginx front has a self-signed certificate (web-nginx.ts).
      ...(url.startsWith('https://127.0.0.1:') ? ['--ignore-certificate-errors'] : []),
    ],
    logLevel: 'silent',
    // Its own Ctrl-C handler exits at once, before the bench stops its server: stopBrowser does.
    handleSIGINT: false,
  });
  const chrome = await starting;
  try {
    // Interrupted while this browser was starting: it was not there to be stopped.
    if (interrupted) throw new Error('bench:web was interrupted');
    if (cookies.length > 0) await giveCookies(chrome.port, url, cookies);
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const };
    // The sampler slows the page a little: traced runs are for finding causes, not figures.
    const config: Config = trace
      ? {
          ...CONFIG,
          settings: {
            ...CONFIG.settings,
            additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
          },
        }
      : CONFIG;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    writeFileSync(reportPath, JSON.stringify(result.lhr));
    if (trace)
      writeFileSync(
        reportPath.replace(/\.json$/, '.trace.json'),
        JSON.stringify(result.artifacts.Trace),
      );
    const figures = figuresOf(result.lhr, result.artifacts.DevtoolsLog);
    return { figures: { ...figures, issues: issuesOf(result.artifacts) }, lhr: result.lhr };
  } finally {
    starting = undefined;
    chrome.kill();
  }
}

/**
 * Puts the session in the browser's own cookie jar, as after signing in: every request the page
 * makes (fetches, the socket.io connection) carries it, and Lighthouse keeps cookies between
 * its reset and the load.
 */
async function giveCookies(port: number, url: string, cookies: SessionCookie[]) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.setCookie(...cookies.map((c) => ({ ...c, url: new URL(url).origin })));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

const TEXT_TYPE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * The Issues panel's entries, in a line each: the report names only their kind, and a CSP
 * violation's directive and source are what tell where it comes from.
 */
function issuesOf(artifacts: Artifacts): string[] {
  const lines = artifacts.InspectorIssues.contentSecurityPolicyIssue.map((issue) => {
    const at = issue.sourceCodeLocation;
    const blocked = issue.blockedURL ? ` blocked ${issue.blockedURL}` : '';
    const file = at?.url.replace(/^https?:\/\/[^/]+/, '') || 'the page';
    const where = at ? ` at ${file}:${at.lineNumber}` : '';
    return `CSP ${issue.contentSecurityPolicyViolationType} (${issue.violatedDirective})${blocked}${where}`;
  });
  for (const [kind, found] of Object.entries(artifacts.InspectorIssues))
    if (kind !== 'contentSecurityPolicyIssue' && found.length > 0)
      lines.push(`${kind} ×${found.length}`);
  return lines;
}

function figuresOf(lhr: Result, log: DevtoolsLog): Omit<RunFigures, 'issues'> {
  // What each response's headers said, from the run's own protocol log (the report's network
  // table does not keep headers).
  let requests = 0;
  let compressed = 0;
  const uncompressedText: string[] = [];
  // The body's own size (headers alone are about 1 KB here), as the browser decoded it.
  const sizes = new Map<string, number>();
  for (const event of log)
    if (event.method === 'Network.dataReceived') {
      const { requestId, dataLength } = event.params;
      sizes.set(requestId, (sizes.get(requestId) ?? 0) + dataLength);
    }
  for (const event of log) {
    if (event.method !== 'Network.responseReceived') continue;
    const { response, requestId } = event.params;
    if (response.url.startsWith('data:')) continue;
    requests += 1;
    const encoding = Object.entries(response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1];
    if (encoding && encoding !== 'identity') compressed += 1;
    else if (TEXT_TYPE.test(response.mimeType) && (sizes.get(requestId) ?? 0) > 1024)
      uncompressedText.push(new URL(response.url).pathname);
  }
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    transferBytes: numeric(lhr, 'total-byte-weight'),
    requests,
    compressed,
    uncompressedText,
  };
}
