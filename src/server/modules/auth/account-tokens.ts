import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountTokens } from '../../db/schema/index.js';

// One-time links sent by email (issue 13): password reset and email verification. The link
// carries 32 random bytes; only their SHA-256 is stored, so a copy of the table opens nothing.

export type AccountTokenPurpose = 'email_verification' | 'password_reset';

const hashOf = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** Stores a new token for `userId` and answers the raw value (it goes in the link, nowhere else). */
export async function issueAccountToken(
  tx: Executor,
  opts: { userId: string; purpose: AccountTokenPurpose; ttlMs: number; now: Date | number },
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  const createdAt = new Date(opts.now);
  await tx.insert(accountTokens).values({
    tokenHash: hashOf(raw),
    userId: opts.userId,
    purpose: opts.purpose,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + opts.ttlMs),
  });
  return raw;
}

/**
 * Spends a token: one statement marks it used only if it is unused and unexpired, so two
 * requests with the same link cannot both succeed. Answers its user, or null.
 */
export async function consumeAccountToken(
  tx: Executor,
  opts: { token: string; purpose: AccountTokenPurpose; now: Date | number },
): Promise<string | null> {
  const now = new Date(opts.now);
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(opts.token)),
        eq(accountTokens.purpose, opts.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}
