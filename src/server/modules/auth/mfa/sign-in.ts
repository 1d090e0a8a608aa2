import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaffRole } from '../../../../shared/roles.js';
import type { LoginAnswer } from '../../../../shared/schemas/account.js';
import type { AppContext } from '../../../context.js';
import type { UserRow } from '../../../db/schema/index.js';
import { SESSION_COOKIE } from '../../../plugins/auth.js';
import { signIn } from '../routes.js';

/** Staff pass a second factor after the password, unless STAFF_MFA is off (not in production). */
export const needsSecondFactor = (ctx: AppContext, role: string) =>
  ctx.config.STAFF_MFA === 'required' && isStaffRole(role);

/**
 * After a right password (or a new first admin): a full session for a patient, or for staff
 * a pending one that can only set up the authenticator ('enrol') or take a code ('required').
 * Either way the old session, pending or not, ends: a new token at every step.
 */
export async function startSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<UserRow, 'id' | 'role' | 'mfaEnrolledAt'>,
): Promise<LoginAnswer> {
  if (!needsSecondFactor(ctx, user.role))
    return { user: await signIn(ctx, request, reply, user.id) };
  const old = request.cookies[SESSION_COOKIE];
  if (old) await ctx.sessions.destroy(old);
  const stage = user.mfaEnrolledAt ? 'challenge' : 'enrol';
  const token = await ctx.sessions.create(
    user.id,
    { ip: request.ip, userAgent: request.headers['user-agent'] },
    stage,
  );
  reply.setSessionCookie(token);
  return { mfa: stage === 'enrol' ? 'enrol' : 'required' };
}
