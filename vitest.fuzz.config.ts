import { defineConfig } from 'vitest/config';

// The fuzz suite (npm run test:fuzz): its own files, the same database template setup as
// the API tests, one worker (it measures nothing in parallel and runs for a few minutes).
export default defineConfig({
  test: {
    include: ['src/server/fuzz/**/*.fuzz.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/cheap-hashes.ts'],
    pool: 'forks',
    maxWorkers: 1,
    // About 2.5 minutes alone on PGlite; the bound leaves room for a loaded machine.
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
