import { hash, verify } from '@node-rs/argon2';
import { argon2Cost } from './hash-cost.js';
import { assertStrongPassword } from './password-strength.js';

// argon2id with the library's defaults (19 MiB, t=2), about 13 ms a hash on this machine;
// the API tests use a lower cost (hash-cost.ts).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...argon2Cost() });
}

// A real hash to verify against when the account does not exist, so a sign-in attempt takes
// the same time whether or not the email is registered.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * Every password a person chooses (registration, staff accounts, first admin) goes through
 * here: refused when common or easy to guess, given the account's email and names.
 */
export function hashNewPassword(password: string, userInputs: string[]): Promise<string> {
  assertStrongPassword(password, userInputs);
  return hashPassword(password);
}
