import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import {
  issueJoinToken,
  JOIN_TOKEN_TTL_SECONDS,
  joinTokenKey,
  verifyJoinToken,
} from './join-token.js';

// Join tokens (ADR 0008): bound to room, user and expiry; checked in constant time.

const key = randomBytes(32);
const claims = { roomId: 'room-abc', userId: '6f1c9a52-0000-4000-8000-000000000001' };
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('join tokens', () => {
  it('verify for the room and user they were issued for, until they expire', () => {
    const { token, expiresAt } = issueJoinToken(key, claims, NOW);
    expect(expiresAt.getTime()).toBe(NOW + JOIN_TOKEN_TTL_SECONDS * 1000);
    expect(JOIN_TOKEN_TTL_SECONDS).toBe(3600);
    expect(verifyJoinToken(key, token, claims, NOW)).toBe(true);
    expect(verifyJoinToken(key, token, claims, NOW + 59 * 60_000)).toBe(true);
    expect(verifyJoinToken(key, token, claims, expiresAt.getTime())).toBe(false);
    expect(verifyJoinToken(key, token, claims, NOW + 2 * 3600_000)).toBe(false);
  });

  it('refuse another room, another user, another key', () => {
    const { token } = issueJoinToken(key, claims, NOW);
    expect(verifyJoinToken(key, token, { ...claims, roomId: 'room-abd' }, NOW)).toBe(false);
    expect(verifyJoinToken(key, token, { ...claims, userId: 'someone-else' }, NOW)).toBe(false);
    expect(verifyJoinToken(randomBytes(32), token, claims, NOW)).toBe(false);
    // The fields cannot be shifted between room and user.
    const a = issueJoinToken(key, { roomId: 'ab', userId: 'c' }, NOW).token;
    expect(verifyJoinToken(key, a, { roomId: 'a', userId: 'bc' }, NOW)).toBe(false);
  });

  it('refuse tampering: a changed expiry, a changed MAC, junk, nothing', () => {
    const { token } = issueJoinToken(key, claims, NOW);
    const [expiry, mac] = token.split('.') as [string, string];
    expect(verifyJoinToken(key, `${Number(expiry) + 3600}.${mac}`, claims, NOW)).toBe(false);
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    expect(verifyJoinToken(key, `${expiry}.${flipped}`, claims, NOW)).toBe(false);
    // Another spelling of the same bytes in the last base64url character is refused too.
    const last = mac.at(-1)!;
    const sibling = last === 'A' ? 'B' : String.fromCharCode(last.charCodeAt(0) ^ 1);
    expect(verifyJoinToken(key, `${expiry}.${mac.slice(0, -1)}${sibling}`, claims, NOW)).toBe(
      false,
    );
    for (const junk of ['', '.', `${expiry}.`, `.${mac}`, `${expiry}.${mac}.x`, 'x'.repeat(2000)])
      expect(verifyJoinToken(key, junk, claims, NOW), junk).toBe(false);
    expect(verifyJoinToken(key, undefined, claims, NOW)).toBe(false);
    expect(verifyJoinToken(key, null, claims, NOW)).toBe(false);
  });

  it('derive their key from the document key, the same for the same configuration', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'okmmj-token-'));
    try {
      const documentKey = randomBytes(32).toString('base64');
      const a = testConfig({ DATA_DIR: dataDir, DOCUMENT_ENCRYPTION_KEY: documentKey });
      const b = testConfig({ DATA_DIR: dataDir, DOCUMENT_ENCRYPTION_KEY: documentKey });
      const other = testConfig({
        DATA_DIR: dataDir,
        DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      });
      expect(joinTokenKey(a)).toHaveLength(32);
      expect(joinTokenKey(a).equals(joinTokenKey(b))).toBe(true);
      expect(joinTokenKey(a).equals(joinTokenKey(other))).toBe(false);
      // Not the document key itself.
      expect(joinTokenKey(a).equals(Buffer.from(documentKey, 'base64'))).toBe(false);
      // Without a configured key (development, tests) the generated one is used.
      const dev = testConfig({ DATA_DIR: dataDir });
      expect(joinTokenKey(dev).equals(joinTokenKey(testConfig({ DATA_DIR: dataDir })))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
