import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end journeys against the built app, in Debian's Chromium (never a downloaded one).
// The server runs on its own port with demo accounts; with DATABASE_URL set it uses that
// PostgreSQL database, otherwise a fresh embedded PGlite under a temporary DATA_DIR.

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Where scripts/e2e-server.mjs's SMTP server writes each message it receives, one folder per
 * port; e2e/support.ts receivedMail reads it (workers inherit this environment).
 */
export const mailDirFor = (p: number) => path.join(tmpdir(), `okmmj-e2e-mail-${p}`);
process.env.E2E_MAIL_DIR = mailDirFor(port);

export default defineConfig({
  testDir: 'e2e',
  // The video journeys run in their own network namespace (playwright.video.config.ts).
  testIgnore: ['video/**', 'cluster/**'],
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), E2E_MAIL_DIR: mailDirFor(port) },
  },
});
