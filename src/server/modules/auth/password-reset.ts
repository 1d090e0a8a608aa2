import { eq } from 'drizzle-orm';
import { msg } from '../../../shared/i18n/message-key.js';
import { PASSWORD_RESET_TTL_MS } from '../../../shared/schemas/account.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { sessions, type UserRow, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { limitAddress } from '../../rate-limit/address.js';
import { LIMIT_SUBJECTS } from '../../rate-limit/limits.js';
import { waitAfterHit } from '../../rate-limit/too-many.js';
import { audit } from '../audit/service.js';
import { findActiveUserByEmail, findActiveUserById } from '../users/queries.js';
import { consumeAccountToken, hashAccountToken, issueAccountToken } from './account-tokens.js';
import { hashPassword } from './password.js';
import { passwordWeakness } from './password-strength.js';
import { tooManyAuth } from './throttle.js';

// Password recovery (issue 13): a link by email, valid once for 30 minutes, that sets a new
// password and signs the account out everywhere. It never signs anyone in: the person signs
// in with the new password afterwards (staff then pass their second factor like every time).

export const INVALID_RESET_LINK = msg('auth.error.resetLinkInvalid');

/**
 * Counts a forgot-password request per address and per email asked for, before anything is
 * looked up, so the count (and a 429) is the same whether or not the email has an account.
 */
export async function countResetRequest(ctx: AppContext, email: string, ip: string) {
  const { passwordResetPerAddress: perAddress, passwordResetPerEmail: perEmail } = ctx.limits;
  const [byAddress, byEmail] = await Promise.all([
    ctx.counters.hit(`reset:ip:${limitAddress(ip)}`, perAddress.windowMs),
    ctx.counters.hit(`reset:email:${email}`, perEmail.windowMs),
  ]);
  const wait = Math.max(waitAfterHit(byAddress, perAddress), waitAfterHit(byEmail, perEmail));
  if (wait > 0)
    throw tooManyAuth('auth.error.tooManyResets', LIMIT_SUBJECTS.passwordResetPerEmail.what, wait);
}

/**
 * The work behind a forgot-password request, done after the answer has gone (routes): for an
 * active account, a new link (earlier ones stop working) and its message; for any address,
 * one audit row, so an unknown address costs the same writes as a known one.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await findActiveUserByEmail(tx, email);
    if (!user) {
      await audit(tx, {
        action: 'auth.password_reset_requested',
        targetType: 'user',
        ip,
        outcome: 'failure',
        details: { reason: 'no active account' },
      });
      return;
    }
    await queueResetLink(tx, ctx, user.id);
    await audit(tx, {
      action: 'auth.password_reset_requested',
      targetType: 'user',
      targetId: user.id,
      ip,
      patientIds: user.role === 'patient' ? [user.id] : [],
    });
  });
}

/**
 * A new reset link for the account (its earlier ones stop working) and the message carrying
 * it, in `tx`: asked for by the person (forgot password) or sent by staff (patient accounts).
 */
export async function queueResetLink(
  tx: Executor,
  ctx: Pick<AppContext, 'mail' | 'now'>,
  userId: string,
): Promise<void> {
  const token = await issueAccountToken(tx, {
    userId,
    purpose: 'password_reset',
    ttlMs: PASSWORD_RESET_TTL_MS,
    now: ctx.now(),
  });
  await ctx.mail.queue(tx, {
    userId,
    message: { kind: 'password_reset', token },
    dedupeKey: `password_reset:${hashAccountToken(token)}`,
  });
}

/** Sets the password from a reset link, once; every session of the user ends. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  ip: string,
): Promise<void> {
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, input.token, 'password_reset', ctx.now());
    const user = userId ? await findActiveUserById(tx, userId) : null;
    if (!user) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK);
    // A weak password throws here and the rollback gives the link back for another try.
    await setPassword(ctx, tx, user, input.password, 'password');
    await audit(tx, {
      actor: { id: user.id, role: user.role },
      action: 'auth.password_reset',
      targetType: 'user',
      targetId: user.id,
      ip,
      patientIds: user.role === 'patient' ? [user.id] : [],
    });
    return user;
  });
  // The rows went with the transaction; this drops cached sessions and closes sockets.
  await ctx.sessions.destroyAllForUser(user.id);
}

/**
 * Stores a new password (checked as at registration, the refusal on `field`), ends every
 * session of the user and queues the "password changed" message, in the caller's transaction.
 */
export async function setPassword(
  ctx: AppContext,
  tx: Executor,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  const weakness = passwordWeakness(password, [user.email, user.firstName, user.lastName]);
  if (weakness) throw new AppError('BAD_REQUEST', weakness, [{ path: field, message: weakness }]);
  const changedAt = ctx.now();
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date(changedAt) })
    .where(eq(users.id, user.id));
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  await ctx.mail.queue(tx, {
    userId: user.id,
    message: { kind: 'password_changed' },
    dedupeKey: `password_changed:${user.id}:${changedAt}`,
  });
}
