import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { IV_BYTES, TAG_BYTES } from './encryption.js';

// Small secrets kept in database columns (issue 13: a staff member's TOTP secret, a queued
// email with its one-time link) are sealed with the document key, AES-256-GCM with a fresh IV:
// a stolen dump or backup does not give them away. Layout, base64url: IV | tag | ciphertext.
// A purpose string is bound in as associated data, so a value sealed for one column cannot be
// passed off as another's.

export class TextSealer {
  constructor(private readonly key: Buffer) {}

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plaintext; throws when the value was altered, sealed for another purpose or key. */
  open(sealed: string, purpose: string): string {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
