import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The browser code's own tests import through the same alias as Vite (vite.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    // Passwords hash at a low argon2 cost in the tests (src/server/modules/auth/hash-cost.ts).
    setupFiles: ['src/server/test/cheap-hashes.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads the server's modules once for all its files, not once a file: with a
    // process per file, loading them took as long as the tests themselves (issue 22: CI within
    // 45 minutes). Every file still has a database and an app of its own (harness.ts), no
    // file mocks modules, and each closes what it opens.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
