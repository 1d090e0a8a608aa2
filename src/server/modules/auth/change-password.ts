import { msg } from '../../../shared/i18n/message-key.js';
import type { ChangePasswordRequest } from '../../../shared/schemas/account.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { LIMIT_SUBJECTS } from '../../rate-limit/limits.js';
import { audit } from '../audit/service.js';
import { findActiveUserById } from '../users/queries.js';
import { verifyPassword } from './password.js';
import { setPassword } from './password-reset.js';
import { tooManyAuth } from './throttle.js';

// Changing the password from the profile (issue 13, patients and staff). The current password
// is a sign-in in disguise: it counts against the same throttle as the sign-in form, so a
// stolen session cannot be used to guess it. Every session of the user ends; the route then
// gives the caller a fresh one.

export const WRONG_CURRENT_PASSWORD = msg('auth.error.wrongCurrentPassword');
export const SAME_PASSWORD = msg('auth.error.samePassword');

export async function changePassword(
  ctx: AppContext,
  actor: CurrentUser,
  input: ChangePasswordRequest,
  ip: string,
): Promise<void> {
  const wait = await ctx.loginThrottle.attempt(actor.email, ip);
  if (wait > 0) {
    await audit(ctx.db, {
      actor: { id: actor.id, role: actor.role },
      action: 'auth.password_change_throttled',
      targetType: 'user',
      targetId: actor.id,
      ip,
      outcome: 'denied',
    });
    throw tooManyAuth(
      'auth.error.tooManySignIns',
      LIMIT_SUBJECTS.loginPerAccountAddress.what,
      wait,
    );
  }
  const user = await findActiveUserById(ctx.db, actor.id);
  if (!user) throw new AppError('UNAUTHORIZED', msg('auth.error.signInToContinue'));
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(ctx.db, {
      actor: { id: user.id, role: user.role },
      action: 'auth.password_change_failed',
      targetType: 'user',
      targetId: user.id,
      ip,
      outcome: 'failure',
    });
    throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD, [
      { path: 'currentPassword', message: WRONG_CURRENT_PASSWORD },
    ]);
  }
  await ctx.loginThrottle.succeeded(actor.email, ip);
  if (await verifyPassword(user.passwordHash, input.newPassword))
    throw new AppError('BAD_REQUEST', SAME_PASSWORD, [
      { path: 'newPassword', message: SAME_PASSWORD },
    ]);

  await ctx.db.transaction(async (tx) => {
    await setPassword(ctx, tx, user, input.newPassword, 'newPassword');
    await audit(tx, {
      actor: { id: user.id, role: user.role },
      action: 'auth.password_changed',
      targetType: 'user',
      targetId: user.id,
      ip,
      patientIds: user.role === 'patient' ? [user.id] : [],
    });
  });
  await ctx.sessions.destroyAllForUser(user.id);
}
