import { createCipheriv, createDecipheriv, type DecipherGCM, randomBytes } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import type { Config } from '../config.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-dir.js';

// Files at rest are AES-256-GCM with a fresh 12-byte IV per file (DESIGN.md security
// baseline). Layout: "OKE1" | IV (12) | ciphertext | tag (16). The tag sits at the end so a
// file can be encrypted while it streams in.

export const MAGIC = Buffer.from('OKE1');
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const HEADER_BYTES = MAGIC.length + IV_BYTES;

/** The configured key; outside production one is generated once under DATA_DIR. */
export function resolveDocumentKey(config: Config): Buffer {
  if (config.DOCUMENT_ENCRYPTION_KEY) return Buffer.from(config.DOCUMENT_ENCRYPTION_KEY, 'base64');
  if (config.NODE_ENV === 'production')
    throw new Error('DOCUMENT_ENCRYPTION_KEY is required in production');
  const file = path.resolve(config.DATA_DIR, 'document-key.b64');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
  return key;
}

/** A transform that turns plaintext into the stored layout. */
export function encryptStream(key: Buffer): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let headerSent = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!headerSent) {
        this.push(Buffer.concat([MAGIC, iv]));
        headerSent = true;
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!headerSent) this.push(Buffer.concat([MAGIC, iv]));
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/**
 * A decipher for the body of a stored file whose header was read separately; the tag is given
 * here or, when the file is read in one pass, set before `final()` (GCM allows that).
 */
export function decipherFor(key: Buffer, header: Buffer, tag?: Buffer) {
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not an encrypted file');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    key,
    header.subarray(MAGIC.length, HEADER_BYTES),
  );
  if (tag) decipher.setAuthTag(tag);
  return decipher;
}

/**
 * The plaintext of an encrypted file on disk whose header (at `headerAt`) and tag (its last
 * TAG_BYTES) were read already: the body is streamed from the file through the decipher.
 */
export function decryptFile(
  key: Buffer,
  file: string,
  at: { headerAt: number; size: number; header: Buffer; tag: Buffer },
): Readable {
  const decipher = decipherFor(key, at.header, at.tag);
  const bodyStart = at.headerAt + HEADER_BYTES;
  const bodyEnd = at.size - TAG_BYTES - 1;
  if (bodyEnd < bodyStart) {
    decipher.end();
    return decipher;
  }
  const body = createReadStream(file, { start: bodyStart, end: bodyEnd });
  body.on('error', (err) => decipher.destroy(err));
  return body.pipe(decipher);
}

/**
 * A transform that turns a whole stored file, read front to back (an object store's GET), into
 * plaintext: it takes the header off the front and holds the last TAG_BYTES back as the tag.
 * It fails at the end when the file was altered or cut short, so callers who must not serve
 * unproven bytes read it through once before serving (blob stores' get).
 */
export function decryptStream(key: Buffer): Transform {
  let header: Buffer = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  /** The last bytes seen (at most TAG_BYTES): the tag, if no more arrive. */
  let tail: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        if (!decipher) {
          const needed = HEADER_BYTES - header.length;
          header = Buffer.concat([header, chunk.subarray(0, needed)]);
          chunk = chunk.subarray(needed);
          if (header.length < HEADER_BYTES) return done();
          decipher = decipherFor(key, header);
        }
        if (tail.length + chunk.length <= TAG_BYTES) {
          tail = Buffer.concat([tail, chunk]);
          return done();
        }
        // Everything but the last TAG_BYTES is body. The chunk itself is not copied: only the
        // held-back tail (copied, so a view does not keep the whole chunk alive) is.
        if (chunk.length >= TAG_BYTES) {
          if (tail.length) this.push(decipher.update(tail));
          const cut = chunk.length - TAG_BYTES;
          tail = Buffer.from(chunk.subarray(cut));
          return done(null, decipher.update(chunk.subarray(0, cut)));
        }
        const joined = Buffer.concat([tail, chunk]);
        tail = joined.subarray(joined.length - TAG_BYTES);
        done(null, decipher.update(joined.subarray(0, joined.length - TAG_BYTES)));
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      if (!decipher || tail.length < TAG_BYTES) return done(new Error('stored file is truncated'));
      try {
        decipher.setAuthTag(tail);
        done(null, decipher.final());
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
