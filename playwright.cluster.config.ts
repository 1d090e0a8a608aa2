import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

// The cluster journeys (issue 14): browsers, app nodes, nginx and coturn in network namespaces
// built by e2e/cluster/netns.ts, with the recipe's own nginx site and coturn configuration.
// Needs root (ip netns), the built app (npm run build), Debian's nginx, coturn, redis-server
// and PostgreSQL on its unix socket. Each test starts its own lab, so no webServer here.

export default defineConfig({
  ...base,
  testDir: 'e2e/cluster',
  testIgnore: [],
  outputDir: 'test-results/cluster',
  globalTeardown: './e2e/cluster/global-teardown.ts',
  timeout: 240_000,
  expect: { timeout: 20_000 },
  webServer: undefined,
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
