import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfBytes, storedFiles } from '../../test/files.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { registerPatient } from '../../test/patients.js';
import { startPartialUpload } from '../../test/server-process.js';

// An upload whose connection drops mid-file (issue 10, defect 12): when the process survives,
// its partial encrypted blob is deleted at once, not left for the sweep.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const until = async (check: () => boolean) => {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

it('a dropped connection mid-file leaves no blob behind, and the server still answers', async () => {
  const patient = await registerPatient(t.app);
  const dataDir = t.app.ctx.config.DATA_DIR;
  const req = await startPartialUpload(
    base,
    patient.client.cookie!,
    pdfBytes('cut', 3_000_000),
    1_500_000,
  );
  expect(await until(() => storedFiles(dataDir).length === 1)).toBe(true);
  req.destroy();
  expect(await until(() => storedFiles(dataDir).length === 0)).toBe(true);
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
});
