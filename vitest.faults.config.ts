import { defineConfig } from 'vitest/config';

// The fault suite (issue 10): kills the built server (`npm run build:server`) and checks
// what it finds on restart. Separate from `npm run test:api`.
export default defineConfig({
  test: {
    include: ['src/server/faults/*.faults.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
