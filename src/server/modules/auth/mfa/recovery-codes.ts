import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../../shared/schemas/account.js';

// One-time recovery codes (issue 13): ten at enrolment, each good once in place of a TOTP
// code. Ten symbols from an alphabet without look-alikes (no 0/o, 1/l/i), shown as
// xxxxx-xxxxx: about 50 bits each. Stored as SHA-256 over the user's id and the code: the id
// is a random per-user salt (ASVS 2.6.2 for lookup secrets under 112 bits), and a hash can be
// looked up directly instead of testing ten slow hashes at every try.

const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return `${symbols.slice(0, 5).join('')}-${symbols.slice(5).join('')}`;
  });
}

/** The code as stored: case, spaces and the dash do not matter when it is typed back. */
export function hashRecoveryCode(userId: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(`${userId}:${normalised}`).digest('hex');
}
