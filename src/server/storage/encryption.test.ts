import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { LocalBlobStore } from './blob-store.js';
import {
  decipherFor,
  decryptStream,
  encryptStream,
  HEADER_BYTES,
  MAGIC,
  resolveDocumentKey,
  TAG_BYTES,
} from './encryption.js';

// Files at rest: AES-256-GCM, "OKE1" | IV (12) | ciphertext | tag (16), a fresh IV per file
// (DESIGN.md security baseline).

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'okmmj-blobs-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const key = randomBytes(32);
const store = new LocalBlobStore(tempDir(), key);
const raw = (s: LocalBlobStore, k: string) => readFileSync(s.pathFor(k));
const chunks = (data: Buffer, size: number) => {
  const out: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) out.push(data.subarray(i, i + size));
  return out;
};

describe('LocalBlobStore', () => {
  it('round-trips a file streamed in many chunks, and reports its plaintext size', async () => {
    const data = randomBytes(1024 * 1024 + 17);
    const { key: k, size } = await store.put(Readable.from(chunks(data, 64 * 1024)));
    expect(size).toBe(data.length);
    expect(k).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{32}$/);
    const stored = raw(store, k);
    expect(stored.length).toBe(data.length + HEADER_BYTES + TAG_BYTES);
    expect(stored.subarray(0, 4).equals(MAGIC)).toBe(true);
    expect(stored.includes(data.subarray(1000, 1032))).toBe(false);
    expect((await buffer(await store.get(k))).equals(data)).toBe(true);
    expect(statSync(store.pathFor(k)).mode & 0o777).toBe(0o600);
  });

  it('uses a fresh IV per file: the same plaintext stored twice differs', async () => {
    const data = Buffer.from('The same letter, twice. '.repeat(100));
    const a = await store.put(Readable.from([data]));
    const b = await store.put(Readable.from([data]));
    expect(a.key).not.toBe(b.key);
    const ra = raw(store, a.key);
    const rb = raw(store, b.key);
    expect(ra.subarray(4, HEADER_BYTES).equals(rb.subarray(4, HEADER_BYTES))).toBe(false);
    expect(ra.subarray(HEADER_BYTES).equals(rb.subarray(HEADER_BYTES))).toBe(false);
    expect((await buffer(await store.get(a.key))).equals(data)).toBe(true);
    expect((await buffer(await store.get(b.key))).equals(data)).toBe(true);
  });

  it('refuses to read with the wrong key', async () => {
    const root = tempDir();
    const writer = new LocalBlobStore(root, randomBytes(32));
    const reader = new LocalBlobStore(root, randomBytes(32));
    const { key: k } = await writer.put(Readable.from([Buffer.from('private')]));
    await expect(reader.get(k)).rejects.toThrow();
    expect((await buffer(await writer.get(k))).toString()).toBe('private');
  });

  it('stores a zero-byte stream and reads it back empty', async () => {
    const { key: k, size } = await store.put(Readable.from([]));
    expect(size).toBe(0);
    expect(raw(store, k).length).toBe(HEADER_BYTES + TAG_BYTES);
    expect((await buffer(await store.get(k))).length).toBe(0);
  });

  it('rejects a file changed anywhere: header, body, tag, or cut short', async () => {
    const data = randomBytes(10_000);
    const { key: k } = await store.put(Readable.from([data]));
    const file = store.pathFor(k);
    const original = readFileSync(file);
    for (const offset of [2, 8, HEADER_BYTES + 5000, original.length - 1]) {
      const changed = Buffer.from(original);
      changed[offset]! ^= 0x80;
      writeFileSync(file, changed);
      await expect(store.get(k), `byte ${offset}`).rejects.toThrow();
    }
    writeFileSync(file, original.subarray(0, original.length - 20));
    await expect(store.get(k)).rejects.toThrow();
    writeFileSync(file, original.subarray(0, 10));
    await expect(store.get(k)).rejects.toThrow();
    writeFileSync(file, original);
    expect((await buffer(await store.get(k))).equals(data)).toBe(true);
  });

  it('removes a file whose source stream fails, and deletes on request', async () => {
    const root = tempDir();
    const s = new LocalBlobStore(root, key);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(s.put(failing)).rejects.toThrow('client went away');
    const files = () =>
      readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
        statSync(path.join(root, f)).isFile(),
      );
    expect(files()).toEqual([]);
    const { key: k } = await s.put(Readable.from([Buffer.from('kept')]));
    expect(files()).toHaveLength(1);
    await s.delete(k);
    expect(files()).toEqual([]);
    await expect(s.get(k)).rejects.toThrow();
    await s.delete(k); // deleting twice is fine
  });

  it('accepts only its own key format (no path tricks)', () => {
    for (const bad of ['../document-key.b64', 'ab/../../x', 'AB/0123', '/etc/passwd'])
      expect(() => store.pathFor(bad)).toThrow('invalid storage key');
  });
});

describe('encryption primitives', () => {
  // decryptStream reads a stored file front to back (the S3 store's GET): however the bytes
  // are cut into chunks, the header and the held-back tag must be found.
  it('decryptStream reads the stored layout in chunks of any size, and refuses changes', async () => {
    for (const size of [0, 1, 15, 16, 17, 100_000]) {
      const data = randomBytes(size);
      const stored = await buffer(Readable.from([data]).pipe(encryptStream(key)));
      for (const cut of size > 100 ? [7, 17, 65_536] : [1, 7, 16, 17, 33]) {
        const plain = await buffer(Readable.from(chunks(stored, cut)).pipe(decryptStream(key)));
        expect(plain.equals(data), `${size} bytes in chunks of ${cut}`).toBe(true);
      }
      const changed = Buffer.from(stored);
      changed[changed.length - 1 - (size % TAG_BYTES)]! ^= 1;
      await expect(
        buffer(Readable.from(chunks(changed, 7)).pipe(decryptStream(key))),
      ).rejects.toThrow();
      await expect(
        buffer(Readable.from([stored.subarray(0, stored.length - 1)]).pipe(decryptStream(key))),
      ).rejects.toThrow();
    }
  });

  it('decipherFor refuses a file without the magic', () => {
    expect(() => decipherFor(key, Buffer.alloc(HEADER_BYTES), Buffer.alloc(TAG_BYTES))).toThrow(
      'not an encrypted file',
    );
  });
});

describe('resolveDocumentKey', () => {
  it('uses the configured key', () => {
    const configured = randomBytes(32);
    const k = resolveDocumentKey(
      testConfig({ DATA_DIR: tempDir(), DOCUMENT_ENCRYPTION_KEY: configured.toString('base64') }),
    );
    expect(k.equals(configured)).toBe(true);
  });

  it('outside production, generates one key under DATA_DIR and keeps it', () => {
    const dir = tempDir();
    const first = resolveDocumentKey(testConfig({ DATA_DIR: dir }));
    expect(first.length).toBe(32);
    const file = path.join(dir, 'document-key.b64');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveDocumentKey(testConfig({ DATA_DIR: dir })).equals(first)).toBe(true);
    expect(resolveDocumentKey(testConfig({ DATA_DIR: tempDir() })).equals(first)).toBe(false);
  });

  it('in production, refuses to run without a configured key', () => {
    expect(() =>
      resolveDocumentKey(testConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })),
    ).toThrow('DOCUMENT_ENCRYPTION_KEY is required in production');
  });
});
