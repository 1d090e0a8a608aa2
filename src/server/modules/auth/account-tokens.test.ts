import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../../db/schema/index.js';
import { createUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { consumeAccountToken, hashAccountToken, issueAccountToken } from './account-tokens.js';

// The one-time tokens behind emailed links: stored hashed, spent once (even by two clicks at
// the same moment), only for their purpose and only before they expire.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 4 });
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;

async function issued(purpose: 'password_reset' | 'email_verification' = 'password_reset') {
  const { id } = await createUser(t.app, 'patient');
  const now = Date.now();
  const raw = await issueAccountToken(t.app.ctx.db, { userId: id, purpose, ttlMs: HOUR, now });
  return { userId: id, raw, now };
}

describe('account tokens', () => {
  it('stores only the hash of a 256-bit token', async () => {
    const { userId, raw } = await issued();
    expect(raw).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.ctx.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashAccountToken(raw)]);
    expect(JSON.stringify(rows)).not.toContain(raw);
  });

  it('is spent once, even by two requests at the same moment', async () => {
    const { userId, raw, now } = await issued();
    const results = await Promise.all([
      t.app.ctx.db.transaction((tx) => consumeAccountToken(tx, raw, 'password_reset', now)),
      t.app.ctx.db.transaction((tx) => consumeAccountToken(tx, raw, 'password_reset', now)),
    ]);
    expect(results.sort()).toEqual([null, userId].sort());
    expect(await consumeAccountToken(t.app.ctx.db, raw, 'password_reset', now)).toBeNull();
  });

  it('works only for its purpose and before it expires', async () => {
    const { userId, raw, now } = await issued('email_verification');
    expect(await consumeAccountToken(t.app.ctx.db, raw, 'password_reset', now)).toBeNull();
    expect(await consumeAccountToken(t.app.ctx.db, raw, 'email_verification', now + HOUR)).toBe(
      null,
    );
    expect(await consumeAccountToken(t.app.ctx.db, raw, 'email_verification', now)).toBe(userId);
  });

  it('is given back when the transaction that spent it rolls back', async () => {
    const { userId, raw, now } = await issued();
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        expect(await consumeAccountToken(tx, raw, 'password_reset', now)).toBe(userId);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await consumeAccountToken(t.app.ctx.db, raw, 'password_reset', now)).toBe(userId);
  });

  it('keeps one live token per purpose: a new one replaces the unused ones', async () => {
    const { userId, raw: first, now } = await issued();
    const verification = await issueAccountToken(t.app.ctx.db, {
      userId,
      purpose: 'email_verification',
      ttlMs: HOUR,
      now,
    });
    const second = await issueAccountToken(t.app.ctx.db, {
      userId,
      purpose: 'password_reset',
      ttlMs: HOUR,
      now,
    });
    expect(await consumeAccountToken(t.app.ctx.db, first, 'password_reset', now)).toBeNull();
    expect(await consumeAccountToken(t.app.ctx.db, second, 'password_reset', now)).toBe(userId);
    // Another purpose's token is left alone.
    expect(await consumeAccountToken(t.app.ctx.db, verification, 'email_verification', now)).toBe(
      userId,
    );
  });
});
