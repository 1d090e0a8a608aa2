import { defineConfig, devices } from '@playwright/test';
import base, { mailDirFor } from './playwright.config';

// Video journeys (issue 5): two or three browser contexts in one Chromium with fake camera
// and microphone, on the built app. Run through scripts/loopback-only.mjs
// (`npm run test:e2e:video`), which puts server and browser in a private network namespace
// that has only loopback, so no ICE candidate can point off the machine. The server uses the embedded PGlite there (its own loopback cannot
// reach the machine's PostgreSQL).

const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_MAIL_DIR = mailDirFor(port);

/** Chromium with fake media, as the video journeys and the join benchmark launch it. */
export const videoLaunchOptions = {
  ...base.use?.launchOptions,
  args: [
    ...(base.use?.launchOptions?.args ?? []),
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--auto-select-desktop-capture-source=Entire screen',
    '--autoplay-policy=no-user-gesture-required',
    // The namespace has only loopback, which WebRTC skips unless told otherwise.
    '--allow-loopback-in-peer-connection',
  ],
};

export default defineConfig({
  ...base,
  testDir: 'e2e/video',
  testIgnore: [],
  outputDir: 'test-results/video',
  timeout: 180_000,
  expect: { timeout: 20_000 },
  use: {
    ...base.use,
    baseURL,
    permissions: ['camera', 'microphone', 'clipboard-read', 'clipboard-write'],
    launchOptions: videoLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer),
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: { PORT: String(port), DATABASE_URL: '', E2E_MAIL_DIR: mailDirFor(port) },
  },
});
