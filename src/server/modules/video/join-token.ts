import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { resolveDocumentKey } from '../../storage/encryption.js';

// Join tokens (ADR 0008): POST /api/video/token checks who may be in a room and answers a
// token bound to that room, that user and an expiry; join-session is refused without a valid
// one. The token is `expiry.mac`, mac = HMAC-SHA256 over (room, user, expiry) with a key
// derived (HKDF) from the document encryption key, so there is no extra secret to manage.

export const JOIN_TOKEN_TTL_SECONDS = 60 * 60;
const HKDF_INFO = 'okmmj video join token v1';

const keys = new WeakMap<Config, Buffer>();

/** The token key for this configuration (derived once; the document key may live on disk). */
export function joinTokenKey(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', resolveDocumentKey(config), '', HKDF_INFO, 32));
    keys.set(config, key);
  }
  return key;
}

export interface JoinTokenClaims {
  roomId: string;
  userId: string;
}

function mac(key: Buffer, claims: JoinTokenClaims, expiry: number): Buffer {
  // JSON keeps the fields unambiguous whatever characters a room id holds.
  return createHmac('sha256', key)
    .update(JSON.stringify([claims.roomId, claims.userId, expiry]))
    .digest();
}

export function issueJoinToken(
  key: Buffer,
  claims: JoinTokenClaims,
  now: number = Date.now(),
): { token: string; expiresAt: Date } {
  const expiry = Math.floor(now / 1000) + JOIN_TOKEN_TTL_SECONDS;
  return {
    token: `${expiry}.${mac(key, claims, expiry).toString('base64url')}`,
    expiresAt: new Date(expiry * 1000),
  };
}

/** True only for an unexpired token issued for exactly this room and this user. */
export function verifyJoinToken(
  key: Buffer,
  token: string | undefined | null,
  claims: JoinTokenClaims,
  now: number = Date.now(),
): boolean {
  if (typeof token !== 'string') return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 <= now) return false;
  // Compared as text, so a second spelling of the same bytes is no valid token.
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(mac(key, claims, expiry).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
