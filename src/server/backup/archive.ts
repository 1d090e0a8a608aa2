import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptFile, encryptStream, HEADER_BYTES, TAG_BYTES } from '../storage/encryption.js';
import { PRIVATE_FILE_MODE } from '../storage/private-dir.js';

// A backup archive (ADR 0018). Layout on disk:
//   "OKMMJBK1" | salt (16) | key check (16) | the document-file layout of encryption.ts
//   ("OKE1" | IV | AES-256-GCM ciphertext | tag)
// The key is HKDF(DOCUMENT_ENCRYPTION_KEY, salt, 'okmmj backup v1'): never the documents' own
// key stream, and a fresh key per archive. The key check (an HMAC of the derived key) tells a
// wrong key apart from an altered archive, so the message can say which.
// Inside the encryption, frames: u32 length (big-endian) | bytes. The first frame is the JSON
// header; then per entry a JSON frame, its data frames (non-empty) and an empty frame; last a
// JSON `{"end":true}` frame, so a cut-off archive is told from a complete one.

export const ARCHIVE_MAGIC = Buffer.from('OKMMJBK1');
const SALT_BYTES = 16;
const CHECK_BYTES = 16;
const PREFIX_BYTES = ARCHIVE_MAGIC.length + SALT_BYTES + CHECK_BYTES;
const MAX_FRAME = 1024 * 1024;
export const ARCHIVE_EXTENSION = '.okbackup';

export interface ArchiveHeader {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  blobStore: 'disk' | 's3';
  note?: string;
}

export interface EntryHeader {
  /** database: the dump; blob: one stored file's ciphertext; s3-manifest: JSON lines of keys. */
  entry: 'database' | 'blob' | 's3-manifest';
  key?: string;
}

export interface Entry {
  header: EntryHeader;
  /** Chunks of the entry; must be read through (or not at all) before the next entry. */
  data: AsyncIterable<Buffer>;
}

/** Why an archive cannot be restored; the message is shown as is. */
export class ArchiveError extends Error {}

function deriveKey(documentKey: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', documentKey, salt, 'okmmj backup v1', 32));
}
const keyCheck = (key: Buffer) =>
  createHmac('sha256', key).update('okmmj backup key check').digest().subarray(0, CHECK_BYTES);

function frame(bytes: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}
const jsonFrame = (value: unknown) => frame(Buffer.from(JSON.stringify(value)));

/**
 * Writes an archive to `file` (first as `file.partial`, renamed when complete, 0600), streaming:
 * each entry's data flows through with backpressure, nothing is held whole.
 */
export async function writeArchive(
  file: string,
  documentKey: Buffer,
  header: ArchiveHeader,
  entries: AsyncIterable<Entry>,
): Promise<{ entries: number; bytes: number }> {
  const salt = randomBytes(SALT_BYTES);
  const key = deriveKey(documentKey, salt);
  let count = 0;
  async function* plaintext() {
    yield jsonFrame(header);
    for await (const entry of entries) {
      yield jsonFrame(entry.header);
      for await (const chunk of entry.data)
        for (let at = 0; at < chunk.length; at += MAX_FRAME)
          yield frame(chunk.subarray(at, at + MAX_FRAME));
      yield frame(Buffer.alloc(0));
      count++;
    }
    yield jsonFrame({ end: true, entries: count });
  }
  async function* withPrefix(source: AsyncIterable<Buffer>) {
    yield Buffer.concat([ARCHIVE_MAGIC, salt, keyCheck(key)]);
    yield* source;
  }
  const partial = `${file}.partial`;
  try {
    await pipeline(
      Readable.from(plaintext()),
      encryptStream(key),
      withPrefix,
      createWriteStream(partial, { mode: PRIVATE_FILE_MODE, flags: 'wx' }),
    );
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { entries: count, bytes: (await stat(file)).size };
}

/** Opens an archive: checks its kind and key; answers a function that streams its plaintext. */
async function openArchive(file: string, documentKey: Buffer) {
  const size = await stat(file).then(
    (s) => s.size,
    () => {
      throw new ArchiveError(`cannot read the archive ${file}`);
    },
  );
  const minimum = PREFIX_BYTES + HEADER_BYTES + TAG_BYTES;
  const handle = await open(file, 'r');
  const prefix = Buffer.alloc(PREFIX_BYTES + HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(prefix, 0, prefix.length, 0);
    if (size >= minimum) await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (!prefix.subarray(0, ARCHIVE_MAGIC.length).equals(ARCHIVE_MAGIC))
    throw new ArchiveError('not a backup archive of this service');
  if (size < minimum) throw new ArchiveError('the archive is truncated');
  const salt = prefix.subarray(ARCHIVE_MAGIC.length, ARCHIVE_MAGIC.length + SALT_BYTES);
  const key = deriveKey(documentKey, salt);
  const check = prefix.subarray(ARCHIVE_MAGIC.length + SALT_BYTES, PREFIX_BYTES);
  if (!timingSafeEqual(check, keyCheck(key)))
    throw new ArchiveError(
      'the archive was made with another DOCUMENT_ENCRYPTION_KEY (or its header was altered)',
    );
  const encHeader = prefix.subarray(PREFIX_BYTES);
  return (): Readable =>
    decryptFile(key, file, { headerAt: PREFIX_BYTES, size, header: encHeader, tag });
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly source: AsyncIterator<Buffer>;
  constructor(stream: AsyncIterable<Buffer>) {
    this.source = stream[Symbol.asyncIterator]();
  }
  async read(n: number): Promise<Buffer> {
    while (this.length < n) {
      const next = await this.source.next();
      if (next.done) throw new ArchiveError('the archive is truncated or altered');
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    this.buffered = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
  async frame(): Promise<Buffer> {
    const len = (await this.read(4)).readUInt32BE(0);
    if (len > MAX_FRAME) throw new ArchiveError('the archive is altered (frame too long)');
    return len === 0 ? Buffer.alloc(0) : this.read(len);
  }
  async atEnd(): Promise<boolean> {
    if (this.length > 0) return false;
    const next = await this.source.next();
    if (next.done) return true;
    this.buffered.push(next.value);
    this.length += next.value.length;
    return next.value.length === 0 ? this.atEnd() : false;
  }
}

function parseJson<T>(bytes: Buffer): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    throw new ArchiveError('the archive is altered (unreadable record)');
  }
}

/**
 * The entries of an archive, in order. GCM proves integrity only at the end of the stream, so
 * a restore first calls `verifyArchive` (a full pass that writes nothing) and only then this.
 */
export async function readArchive(
  file: string,
  documentKey: Buffer,
): Promise<{ header: ArchiveHeader; entries: AsyncGenerator<Entry> }> {
  const plaintext = (await openArchive(file, documentKey))();
  const reader = new ByteReader(plaintext);
  let header: ArchiveHeader;
  try {
    header = parseJson<ArchiveHeader>(await reader.frame());
  } catch (err) {
    plaintext.destroy();
    throw asArchiveError(err);
  }
  if (header.format !== 1) throw new ArchiveError(`unknown archive format ${header.format}`);
  async function* entries(): AsyncGenerator<Entry> {
    try {
      for (;;) {
        const record = parseJson<EntryHeader & { end?: boolean }>(await reader.frame());
        if (record.end) {
          if (!(await reader.atEnd())) throw new ArchiveError('the archive is altered');
          return;
        }
        let done = false;
        const data = async function* () {
          try {
            for (;;) {
              const chunk = await reader.frame();
              if (chunk.length === 0) break;
              yield chunk;
            }
          } catch (err) {
            throw asArchiveError(err);
          }
          done = true;
        };
        const it = data();
        yield { header: record, data: it };
        // An entry the caller skipped is read through here.
        if (!done) for await (const _ of it);
      }
    } catch (err) {
      throw asArchiveError(err);
    } finally {
      plaintext.destroy();
    }
  }
  return { header, entries: entries() };
}

/** One full pass: the tag, the structure and every frame are checked; nothing is written. */
export async function verifyArchive(file: string, documentKey: Buffer): Promise<ArchiveHeader> {
  const { header, entries } = await readArchive(file, documentKey);
  for await (const entry of entries) for await (const _ of entry.data);
  return header;
}

function asArchiveError(err: unknown): Error {
  if (err instanceof ArchiveError) return err;
  // The decipher's final() fails on a tag mismatch: altered, cut, or another archive's tail.
  if (err instanceof Error && /auth|unable to authenticate/i.test(err.message))
    return new ArchiveError('the archive is altered or truncated: it does not authenticate');
  return err as Error;
}
