import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError, type Entry, readArchive, verifyArchive, writeArchive } from './archive.js';

// The archive container on its own: what goes in comes out, and a wrong key, an altered byte
// or a cut-off tail is refused before any entry is handed out as genuine.

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});
const KEY = randomBytes(32);
const header = { format: 1, createdAt: 'now', database: 'pglite', blobStore: 'disk' } as const;

async function* entries(big: Buffer): AsyncGenerator<Entry> {
  yield {
    header: { entry: 'database' },
    data: (async function* () {
      yield big.subarray(0, 1000);
      yield big.subarray(1000);
    })(),
  };
  yield { header: { entry: 'blob', key: `ab/${'c'.repeat(32)}` }, data: (async function* () {})() };
}

async function written() {
  const dir = await mkdtemp(path.join(tmpdir(), 'okmmj-archive-'));
  dirs.push(dir);
  const file = path.join(dir, 'a.okbackup');
  const big = randomBytes(3 * 1024 * 1024 + 17);
  await writeArchive(file, KEY, header, entries(big));
  return { file, big };
}

describe('backup archive', () => {
  it('gives back what was written, entry by entry, and leaves no partial file', async () => {
    const { file, big } = await written();
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(readFileSync(file).includes(big.subarray(0, 64))).toBe(false); // encrypted
    const { header: h, entries: it } = await readArchive(file, KEY);
    expect(h).toEqual(header);
    const got: { entry: string; key?: string; bytes: Buffer }[] = [];
    for await (const e of it) {
      const parts: Buffer[] = [];
      for await (const c of e.data) parts.push(c);
      got.push({ ...e.header, bytes: Buffer.concat(parts) });
    }
    expect(got.map((g) => g.entry)).toEqual(['database', 'blob']);
    expect(got[0]!.bytes.equals(big)).toBe(true);
    expect(got[1]!.bytes.length).toBe(0);
  });

  it('refuses another key, an altered byte and a cut-off archive', async () => {
    const { file } = await written();
    await expect(verifyArchive(file, randomBytes(32))).rejects.toThrow(
      /another DOCUMENT_ENCRYPTION_KEY/,
    );
    const bytes = readFileSync(file);
    for (const at of [60, Math.floor(bytes.length / 2), bytes.length - 3]) {
      const altered = Buffer.from(bytes);
      altered[at]! ^= 0x80;
      writeFileSync(`${file}.x`, altered);
      await expect(verifyArchive(`${file}.x`, KEY)).rejects.toThrow(ArchiveError);
    }
    writeFileSync(`${file}.x`, bytes.subarray(0, bytes.length - 100));
    await expect(verifyArchive(`${file}.x`, KEY)).rejects.toThrow(ArchiveError);
    writeFileSync(`${file}.x`, Buffer.from('not an archive at all'));
    await expect(verifyArchive(`${file}.x`, KEY)).rejects.toThrow(/not a backup archive/);
  });
});
