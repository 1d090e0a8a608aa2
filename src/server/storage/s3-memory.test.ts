import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../test/s3-server.js';

// Issue 14: a 200 MB upload keeps memory growth under 50 MB (multipart upload, memory flat in
// the file size). Measured on the store, not through an HTTP route: no route takes 200 MB in
// one request (documents stop at LARGEST_UPLOAD, 10 MB; recordings arrive in chunks of at most
// 16 MB), and a recording is stored chunk by chunk. The store runs in a child process so that
// neither s3rver's memory (a process of its own too) nor the test runner's counts.

const SIZE = 200 * 1024 * 1024;
const LIMIT = 50 * 1024 * 1024;
const CHILD = path.join(import.meta.dirname, '../test/s3-memory-child.ts');

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

it('stores and reads back 200 MB with memory growth under 50 MB', {
  timeout: 180_000,
}, async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', CHILD],
    {
      env: { ...process.env, S3_SETTINGS: JSON.stringify(s3.config), SIZE: String(SIZE) },
      maxBuffer: 1024 * 1024,
    },
  );
  const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    size: number;
    putMs: number;
    getMs: number;
    putGrowth: number;
    getGrowth: number;
    same: boolean;
  };
  console.log(
    `200 MB: put ${seen.putMs} ms, +${(seen.putGrowth / 2 ** 20).toFixed(1)} MiB; ` +
      `get ${seen.getMs} ms, +${(seen.getGrowth / 2 ** 20).toFixed(1)} MiB`,
  );
  expect(seen.size).toBe(SIZE);
  expect(seen.same).toBe(true);
  expect(seen.putGrowth).toBeLessThan(LIMIT);
  expect(seen.getGrowth).toBeLessThan(LIMIT);
});
