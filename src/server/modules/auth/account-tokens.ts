import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountTokens } from '../../db/schema/index.js';

// One-time links sent by email (issue 13): password reset and email verification.
//
//   const raw = await issueAccountToken(tx, { userId, purpose: 'password_reset', ttlMs, now });
//   // ...put `raw` in the emailed link; only its SHA-256 is stored...
//   const userId = await consumeAccountToken(tx, raw, 'password_reset', now); // or null
//
// A token is 32 random bytes (base64url, 43 characters). A user holds at most one live token
// per purpose: issuing one deletes the earlier unused ones, so only the newest link works.
// Consuming is one UPDATE … RETURNING, so two clicks on the same link cannot both succeed;
// inside the caller's transaction, a rollback gives the token back.

export type AccountTokenPurpose = 'password_reset' | 'email_verification';

export const hashAccountToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** Issues a token for `userId`, valid `ttlMs` from `now`; answers the raw token for the link. */
export async function issueAccountToken(
  executor: Executor,
  request: { userId: string; purpose: AccountTokenPurpose; ttlMs: number; now: number },
): Promise<string> {
  const { userId, purpose, ttlMs, now } = request;
  await executor
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const raw = randomBytes(32).toString('base64url');
  await executor.insert(accountTokens).values({
    tokenHash: hashAccountToken(raw),
    userId,
    purpose,
    createdAt: new Date(now),
    expiresAt: new Date(now + ttlMs),
  });
  return raw;
}

/**
 * Spends a token: the user id when `raw` is a live token of `purpose` (unused, unexpired at
 * `now`), else null (wrong, used, expired or for another purpose), changing nothing then.
 */
export async function consumeAccountToken(
  executor: Executor,
  raw: string,
  purpose: AccountTokenPurpose,
  now: number,
): Promise<string | null> {
  const [row] = await executor
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(accountTokens.tokenHash, hashAccountToken(raw)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}
