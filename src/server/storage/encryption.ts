import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
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

/** A decipher for the body of a stored file whose header and tag were read separately. */
export function decipherFor(key: Buffer, header: Buffer, tag: Buffer) {
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not an encrypted file');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    key,
    header.subarray(MAGIC.length, HEADER_BYTES),
  );
  decipher.setAuthTag(tag);
  return decipher;
}
