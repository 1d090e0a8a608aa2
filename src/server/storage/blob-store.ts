import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptFile, encryptStream, HEADER_BYTES, TAG_BYTES } from './encryption.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-dir.js';

// Where encrypted files live. Local disk under DATA_DIR/files by default (outside any served
// folder, under server-generated names), or an S3-compatible bucket (s3-blob-store.ts) that
// every node reads; blob-stores.ts picks one from the configuration.

export interface BlobStore {
  /** Encrypts and stores a stream; answers the generated key and the plaintext size. */
  put(source: Readable): Promise<{ key: string; size: number }>;
  /** A plaintext stream of a stored file; rejects if the file was tampered with. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Every stored key with when it was last written (ms since the epoch), for the orphan sweep. */
  list(): AsyncIterable<{ key: string; modifiedAt: number }>;
  /** Rejects when the store cannot be reached or written (GET /api/ready). */
  check(): Promise<void>;
  /** Releases what the store holds open (an S3 client's connections); called on app close. */
  close?(): void;
}

/** Every driver names blobs alike: random, never reused, so a stored blob never changes. */
export const KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{32}$/;

/** What put rejects with for a source destroyed without an error of its own. */
export const DESTROYED_SOURCE = 'The file stream was closed before it could be stored';

/**
 * Every driver's put starts here: a source already destroyed (a multipart file handed over
 * after its body ended, issue 21) will send no data, end or error event any more, so it is
 * refused before a blob is opened for it.
 */
export function refuseDestroyedSource(source: Readable): void {
  if (source.destroyed) throw source.errored ?? new Error(DESTROYED_SOURCE);
}

export function newBlobKey(): string {
  const id = randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

export class LocalBlobStore implements BlobStore {
  constructor(
    private readonly root: string,
    private readonly encryptionKey: Buffer,
  ) {}

  async put(source: Readable) {
    refuseDestroyedSource(source);
    const key = newBlobKey();
    const file = this.pathFor(key);
    // The source is ours from this call on: until the pipeline below takes it, an error it
    // raises (a multipart body cut short) would have no listener and end the process, so it
    // is held here and the pipeline then rejects with it.
    const held = () => {};
    source.on('error', held);
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    } finally {
      source.off('error', held);
    }
    let size = 0;
    // Counted inside the pipeline: a 'data' listener would start the flow before the
    // pipeline is attached, and those bytes would be counted but never stored.
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const sink = createWriteStream(file, { mode: PRIVATE_FILE_MODE });
    try {
      await pipeline(source, count, encryptStream(this.encryptionKey), sink);
    } catch (err) {
      // A source that failed at once (a body cut short during the mkdir) fails the pipeline
      // while the file is still being opened: removed before the open lands, the file would
      // then be created empty and left behind. So it is removed once the sink has closed.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(file, { force: true });
      throw err;
    }
    return { key, size };
  }

  async get(key: string) {
    const file = this.pathFor(key);
    const { size } = await stat(file);
    if (size < HEADER_BYTES + TAG_BYTES) throw new Error('stored file is truncated');
    const handle = await open(file, 'r');
    const header = Buffer.alloc(HEADER_BYTES);
    const tag = Buffer.alloc(TAG_BYTES);
    try {
      await handle.read(header, 0, HEADER_BYTES, 0);
      await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    } finally {
      await handle.close();
    }
    // GCM proves integrity only at the end of the stream: read the file through once first,
    // so a tampered file fails here, before a single altered byte is sent to anyone.
    await pipeline(
      this.decrypt(file, size, header, tag),
      new Writable({ write: (_chunk, _enc, done) => done() }),
    );
    return this.decrypt(file, size, header, tag);
  }

  private decrypt(file: string, size: number, header: Buffer, tag: Buffer): Readable {
    return decryptFile(this.encryptionKey, file, { headerAt: 0, size, header, tag });
  }

  async delete(key: string) {
    await rm(this.pathFor(key), { force: true });
  }

  async check() {
    // The folder exists and this process may write in it (a full or read-only disk fails here).
    await mkdir(this.root, { recursive: true, mode: PRIVATE_DIR_MODE });
    await access(this.root, constants.W_OK);
  }

  async *list() {
    const dirs = await readdir(this.root).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    for (const dir of dirs) {
      const names = await readdir(path.join(this.root, dir)).catch(() => [] as string[]);
      for (const name of names) {
        const key = `${dir}/${name}`;
        if (!KEY_PATTERN.test(key)) continue; // not ours: never touched
        const info = await stat(path.join(this.root, key)).catch(() => null);
        if (info?.isFile()) yield { key, modifiedAt: info.mtimeMs };
      }
    }
  }

  pathFor(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }
}
