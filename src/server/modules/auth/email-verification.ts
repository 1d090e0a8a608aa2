import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { msg } from '../../../shared/i18n/message-key.js';
import {
  EMAIL_VERIFICATION_TTL_MS,
  VERIFICATION_RESEND_MS,
} from '../../../shared/schemas/account.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { accountTokens, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { audit } from '../audit/service.js';
import { consumeAccountToken, issueAccountToken } from './account-tokens.js';
import { tooManyAuth } from './throttle.js';

// Email verification (issue 13): a link at registration (staff: at account creation), sent in
// the same transaction as the account; following it marks the address verified, which user
// management shows as Verified / Pending.

export type MailDeps = Pick<AppContext, 'mail' | 'now'>;

export const INVALID_LINK = msg('auth.error.verifyLinkInvalid');

/** Issues a verification token and queues its message, inside the caller's transaction. */
export async function queueVerificationEmail(
  tx: Executor,
  deps: MailDeps,
  userId: string,
  role: string,
): Promise<void> {
  const token = await issueAccountToken(tx, {
    userId,
    purpose: 'email_verification',
    ttlMs: EMAIL_VERIFICATION_TTL_MS,
    now: deps.now(),
  });
  // Each link is its own event: a resend is a new message, never deduplicated away.
  await deps.mail.queue(tx, {
    userId,
    message: { kind: 'verify_email', token, staff: role !== 'patient' },
    dedupeKey: `verify_email:${userId}:${randomUUID()}`,
  });
}

/** Spends the link's token and marks the address verified; anything wrong writes nothing. */
export async function verifyEmail(
  ctx: Pick<AppContext, 'db' | 'now' | 'sessions'>,
  token: string,
  ip: string,
): Promise<void> {
  const userId = await ctx.db.transaction(async (tx) => {
    const owner = await consumeAccountToken(tx, token, 'email_verification', ctx.now());
    if (!owner) throw new AppError('BAD_REQUEST', INVALID_LINK);
    const [user] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date(ctx.now()) })
      .where(and(eq(users.id, owner), isNull(users.deactivatedAt)))
      .returning({ id: users.id, role: users.role });
    if (!user) throw new AppError('BAD_REQUEST', INVALID_LINK);
    await audit(tx, {
      actor: user,
      action: 'auth.verify_email',
      targetType: 'user',
      targetId: user.id,
      ip,
      ...(user.role === 'patient' ? { patientIds: [user.id] } : {}),
    });
    return user.id;
  });
  // Cached sessions carry the user as it was: the next GET /api/user reads the new state.
  ctx.sessions.forgetUser(userId);
}

/**
 * A new link for a signed-in, unverified account, at most once a minute (each link sent
 * counts, the registration's too); the earlier links stop working.
 */
export async function resendVerificationEmail(
  ctx: Pick<AppContext, 'db' | 'mail' | 'now'>,
  actor: { id: string; role: string },
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The row lock serialises two resends of one account (a double click on two nodes).
    const [user] = await tx
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(and(eq(users.id, actor.id), isNull(users.deactivatedAt)))
      .for('update');
    if (!user) throw new AppError('UNAUTHORIZED', msg('auth.error.signInToContinue'));
    if (user.emailVerified) throw new AppError('CONFLICT', msg('auth.error.alreadyConfirmed'));
    const [last] = await tx
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(
        and(eq(accountTokens.userId, actor.id), eq(accountTokens.purpose, 'email_verification')),
      )
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    const wait = last ? last.createdAt.getTime() + VERIFICATION_RESEND_MS - ctx.now() : 0;
    if (wait > 0) throw tooManyAuth('auth.error.tooManyConfirmations', 'confirmation emails', wait);
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date(ctx.now()) })
      .where(
        and(
          eq(accountTokens.userId, actor.id),
          eq(accountTokens.purpose, 'email_verification'),
          isNull(accountTokens.usedAt),
        ),
      );
    await queueVerificationEmail(tx, ctx, actor.id, actor.role);
    await audit(tx, {
      actor,
      action: 'auth.verify_email_resend',
      targetType: 'user',
      targetId: actor.id,
      ip,
      ...(actor.role === 'patient' ? { patientIds: [actor.id] } : {}),
    });
  });
}
