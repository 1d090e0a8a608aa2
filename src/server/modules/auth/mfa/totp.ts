import { generateSecret, generateURI, verify } from 'otplib';
import { CLINIC_NAME } from '../../../../shared/brand.js';

// TOTP as authenticator apps expect it (RFC 6238: SHA-1, six digits, 30-second steps, a
// base32 secret of 160 bits), through otplib.

/** A new secret and the otpauth:// link its QR code carries (issuer: the clinic's name). */
export function newTotpSecret(email: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret({ length: 20 });
  return { secret, otpauthUrl: generateURI({ issuer: CLINIC_NAME, label: email, secret }) };
}

/** Six digits, spaces allowed as typed ("123 456"). */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));

/**
 * The time step a code belongs to when it is right now, or one step either side (a phone's
 * clock a little off, a code typed as it rolled over); null when it is wrong. Whether the step
 * was used already is the caller's check, against users.mfa_last_step (RFC 6238 §5.2).
 */
export async function codeStep(
  secret: string,
  code: string,
  nowMs: number,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code.replace(/\s+/g, ''),
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: 30,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
