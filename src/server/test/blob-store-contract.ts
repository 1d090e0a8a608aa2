import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore, DESTROYED_SOURCE } from '../storage/blob-store.js';
import { HEADER_BYTES, MAGIC, TAG_BYTES } from '../storage/encryption.js';

// One suite every blob store driver passes (issue 14): the disk store and the S3 store behave
// alike for everything the application relies on. A driver's test file gives a fixture that
// opens its store and can see and change the stored bytes as someone with access to the disk
// or the bucket would.

export interface BlobStoreFixture {
  store: BlobStore;
  /** The bytes as stored for `key`. */
  readStored(key: string): Promise<Buffer>;
  /** Replaces the stored bytes of `key` behind the store's back (an attacker, a bad disk). */
  writeStored(key: string, bytes: Buffer): Promise<void>;
  /** Every name the backing store holds, the store's or not: proves nothing is left behind. */
  storedNames(): Promise<string[]>;
  /** Makes the backing store unreachable or unwritable, for check(). */
  breakStore(): Promise<void>;
  close(): Promise<void>;
}

export const MiB = 1024 * 1024;

/** A stream of `data` in chunks of `size`, as an upload arrives. */
export const inChunks = (data: Buffer, size = 64 * 1024) => {
  const out: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) out.push(data.subarray(i, i + size));
  return Readable.from(out);
};

/** A source that sends `before` bytes and then fails (a client that went away). */
const failingAfter = (before: number) => {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= before) {
        this.destroy(new Error('client went away'));
        return;
      }
      const chunk = randomBytes(Math.min(64 * 1024, before - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
};

export function blobStoreContract(driver: string, open: () => Promise<BlobStoreFixture>) {
  describe(`the ${driver} blob store`, () => {
    let f: BlobStoreFixture;
    beforeAll(async () => {
      f = await open();
    });
    afterAll(() => f?.close());

    const keys = async () => {
      const out: string[] = [];
      for await (const blob of f.store.list()) out.push(blob.key);
      return out;
    };

    it.each([
      ['an empty', 0],
      ['a small', 37],
      ['a multi-megabyte (several upload parts)', 12 * MiB + 5],
    ])('round-trips %s file, storing only ciphertext of the expected size', async (_n, size) => {
      const data = randomBytes(size);
      const put = await f.store.put(inChunks(data));
      expect(put.size).toBe(size);
      expect(put.key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{32}$/);
      const stored = await f.readStored(put.key);
      // header + plaintext + tag, exactly: anything else stored as content (an S3 server
      // keeping a transfer encoding's framing) would show here.
      expect(stored.length).toBe(HEADER_BYTES + size + TAG_BYTES);
      expect(stored.subarray(0, MAGIC.length).equals(MAGIC)).toBe(true);
      if (size > 0) expect(stored.includes(data.subarray(0, Math.min(size, 32)))).toBe(false);
      expect((await buffer(await f.store.get(put.key))).equals(data)).toBe(true);
    });

    it('stores text as ciphertext: the words are nowhere in the stored bytes', async () => {
      const text = Buffer.from('Patient: Jane Roe, diagnosis confidential. '.repeat(50));
      const { key } = await f.store.put(Readable.from([text]));
      const stored = await f.readStored(key);
      expect(stored.includes(Buffer.from('Jane Roe'))).toBe(false);
      expect((await buffer(await f.store.get(key))).equals(text)).toBe(true);
    });

    it('refuses a file changed anywhere (header, body, tag) before serving a byte', async () => {
      const data = randomBytes(3 * MiB);
      const { key } = await f.store.put(inChunks(data));
      const original = await f.readStored(key);
      for (const offset of [2, 8, HEADER_BYTES, HEADER_BYTES + 2 * MiB, original.length - 1]) {
        const changed = Buffer.from(original);
        changed[offset]! ^= 0x01;
        await f.writeStored(key, changed);
        // get() itself rejects: no stream is handed out that could send altered bytes.
        await expect(f.store.get(key), `byte ${offset}`).rejects.toThrow();
      }
      await f.writeStored(key, original);
      expect((await buffer(await f.store.get(key))).equals(data)).toBe(true);
    });

    it('refuses a truncated file', async () => {
      const data = randomBytes(100_000);
      const { key } = await f.store.put(inChunks(data));
      const original = await f.readStored(key);
      for (const length of [original.length - 1, original.length - TAG_BYTES, 20, 3, 0]) {
        await f.writeStored(key, original.subarray(0, length));
        await expect(f.store.get(key), `${length} bytes`).rejects.toThrow();
      }
    });

    it('deletes: the file is gone, listed no more, and deleting again is fine', async () => {
      const { key } = await f.store.put(Readable.from([Buffer.from('to be deleted')]));
      expect(await keys()).toContain(key);
      await f.store.delete(key);
      expect(await keys()).not.toContain(key);
      expect(await f.storedNames()).not.toContain(key);
      await expect(f.store.get(key)).rejects.toThrow();
      await f.store.delete(key);
    });

    it('accepts only its own key format', async () => {
      for (const bad of ['../document-key.b64', 'ab/../../x', 'AB/0123', '/etc/passwd']) {
        await expect(f.store.get(bad)).rejects.toThrow('invalid storage key');
        await expect(f.store.delete(bad)).rejects.toThrow('invalid storage key');
      }
    });

    it('lists every stored file with when it was written, and nothing it did not store', async () => {
      const before = Date.now();
      const put: string[] = [];
      for (let i = 0; i < 25; i++)
        put.push((await f.store.put(Readable.from([Buffer.from(`file ${i}`)]))).key);
      const after = Date.now();
      await f.writeStored('notes/readme.txt', Buffer.from('not a blob'));
      const listed = new Map<string, number>();
      for await (const blob of f.store.list()) {
        expect(listed.has(blob.key), `${blob.key} listed twice`).toBe(false);
        listed.set(blob.key, blob.modifiedAt);
      }
      expect([...listed.keys()]).toEqual(expect.arrayContaining(put));
      expect(listed.has('notes/readme.txt')).toBe(false);
      // Object stores keep whole seconds.
      for (const key of put) {
        expect(listed.get(key)).toBeGreaterThanOrEqual(before - 1000);
        expect(listed.get(key)).toBeLessThanOrEqual(after + 1000);
      }
    });

    it.each([
      ['at once', 0],
      ['after 100 kB', 100_000],
      ['after 12 MB (several upload parts)', 12 * MiB],
    ])(
      'a source that fails %s: put rejects with its error and nothing is stored',
      async (_n, n) => {
        const names = (await f.storedNames()).sort();
        await expect(f.store.put(failingAfter(n))).rejects.toThrow('client went away');
        expect((await f.storedNames()).sort()).toEqual(names);
        // The store still works afterwards.
        const { key } = await f.store.put(Readable.from([Buffer.from('after the failure')]));
        expect((await buffer(await f.store.get(key))).toString()).toBe('after the failure');
      },
    );

    it.each([
      ['with an error', new Error('body cut short')],
      ['without one', undefined],
    ])(
      'a source destroyed before put (%s): put rejects at once and nothing is stored',
      async (_n, error) => {
        // A multipart file stream handed over after the body ended (issue 21): no data, no
        // end, no error event to come. Put must settle rather than wait for it forever.
        const names = (await f.storedNames()).sort();
        const source = Readable.from([Buffer.from('%PDF-1.4 trunc')]);
        source.on('error', () => {});
        source.destroy(error);
        const settled = await Promise.race([
          f.store.put(source).then(
            () => 'stored',
            (err: Error) => err.message,
          ),
          new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000).unref()),
        ]);
        expect(settled).toBe(error?.message ?? DESTROYED_SOURCE);
        expect((await f.storedNames()).sort()).toEqual(names);
      },
    );

    it('check() passes while the store works and rejects once it does not', async () => {
      const own = await open();
      try {
        await own.store.check();
        await own.breakStore();
        await expect(own.store.check()).rejects.toThrow();
      } finally {
        await own.close();
      }
    });
  });
}
