import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The browser code's own tests import through the same alias as Vite (vite.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
