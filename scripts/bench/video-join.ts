// `npm run bench:video` (after `npm run build`): over 10 runs on loopback, the time from the
// patient joining a room (their join-session leaving the browser) to the first remote video
// frame on each side, in Debian's Chromium with fake camera and microphone. Prints each run
// and the medians (DESIGN.md budget: remote video within 1 s of the patient joining). Runs in
// a loopback-only network namespace (scripts/loopback-only.mjs), on the embedded database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { videoLaunchOptions } from '../../playwright.video.config';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'demo-pass-2026';

declare global {
  interface Window {
    __joinAt?: number;
    __firstFrameAt?: Promise<number>;
  }
}

/** Marks when join-session leaves the page and when the first remote frame is painted. */
function instrument() {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data) {
    if (
      window.__joinAt === undefined &&
      typeof data === 'string' &&
      data.includes('"join-session"')
    )
      window.__joinAt = Date.now();
    return send.call(this, data);
  };
  window.__firstFrameAt = new Promise((resolve) => {
    const watch = () => {
      const video = document.querySelector<HTMLVideoElement>('video[data-peer-id]');
      if (!video || video.dataset.benchWatched) return;
      video.dataset.benchWatched = '1';
      video.requestVideoFrameCallback(() => resolve(Date.now()));
    };
    new MutationObserver(watch).observe(document, { subtree: true, childList: true });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-bench-video-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'accounts',
      LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function signedIn(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE,
    permissions: ['camera', 'microphone'],
  });
  // tsx keeps function names with a `__name` helper the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(instrument);
  const res = await context.request.post('/api/login', { data: { email, password: PASSWORD } });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
  const answer = (await res.json()) as { mfa?: 'enrol' | 'challenge' };
  if (answer.mfa) await secondFactor(context, email, answer.mfa);
  return context;
}

/** Each staff account's authenticator secret, as its phone would keep it. */
const secrets = new Map<string, string>();

/**
 * Staff sign in with a second factor (issue 13): the first time the account enrols an
 * authenticator, as the e2e journeys do (otplib computes the codes from the setup key); after
 * that it answers the challenge.
 */
async function secondFactor(context: BrowserContext, email: string, stage: 'enrol' | 'challenge') {
  const api = context.request;
  if (stage === 'enrol') {
    const setup = await api.post('/api/auth/mfa/setup');
    if (!setup.ok()) throw new Error(`MFA setup of ${email} failed: ${await setup.text()}`);
    secrets.set(email, ((await setup.json()) as { secret: string }).secret);
  }
  const secret = secrets.get(email);
  if (!secret) throw new Error(`${email} has an authenticator this bench did not enrol`);
  const step = stage === 'enrol' ? 'verify' : 'challenge';
  const done = await api.post(`/api/auth/mfa/${step}`, {
    data: { code: await generate({ secret }) },
  });
  if (!done.ok()) throw new Error(`MFA ${step} of ${email} failed: ${await done.text()}`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function firstFrame(page: Page): Promise<number> {
  return page.evaluate(() =>
    Promise.race([
      window.__firstFrameAt!,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no remote frame within 30 s')), 30_000),
      ),
    ]),
  );
}

const stop = await startServer();
const browser = await chromium.launch(videoLaunchOptions);
try {
  const doctorContext = await signedIn(browser, 'doctor@demo.test');
  const patientContext = await signedIn(browser, 'riley@demo.test');
  const doctorSide: number[] = [];
  const patientSide: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const created = await doctorContext.request.post('/api/video/sessions', {
      data: { title: `Join benchmark ${run}`, maxParticipants: 2 },
    });
    if (!created.ok()) throw new Error(`session: ${created.status()} ${await created.text()}`);
    const { session } = (await created.json()) as { session: { id: string } };
    const link = `/video-call?session=${session.id}`;
    const doctor = await doctorContext.newPage();
    await doctor.goto(link);
    // The doctor is in the room (their join-session went out and was answered) before the patient comes.
    await doctor.waitForFunction(() => window.__joinAt !== undefined);
    await doctor.getByText('Waiting to connect...').first().waitFor();
    await doctor.waitForTimeout(300);
    const patient = await patientContext.newPage();
    await patient.goto(link);
    const [doctorFrame, patientFrame] = await Promise.all([
      firstFrame(doctor),
      firstFrame(patient),
    ]);
    const joinedAt = await patient.evaluate(() => window.__joinAt!);
    doctorSide.push(doctorFrame - joinedAt);
    patientSide.push(patientFrame - joinedAt);
    console.log(
      `run ${String(run).padStart(2)}: doctor sees the patient after ${doctorFrame - joinedAt} ms, patient sees the doctor after ${patientFrame - joinedAt} ms`,
    );
    await Promise.all([patient.close(), doctor.close()]);
  }
  console.log(
    `\nmedian over ${RUNS} runs, patient join → first remote frame: doctor's side ${median(doctorSide)} ms, patient's side ${median(patientSide)} ms (budget 1000 ms)`,
  );
} finally {
  await browser.close();
  stop();
}
