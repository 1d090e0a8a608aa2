import type { FastifyReply, FastifyRequest } from 'fastify';
import { MFA_MAX_FAILURES } from '../../../../shared/schemas/account.js';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../errors.js';
import { SESSION_COOKIE } from '../../../plugins/auth.js';
import { LIMIT_SUBJECTS } from '../../../rate-limit/limits.js';
import { TooManyRequests } from '../../../rate-limit/too-many.js';
import { audit } from '../../audit/service.js';
import type { MfaStage, ResolvedSession } from '../session-store.js';
import { countCodeAttempt } from './code-throttle.js';

// The rules every second-factor step shares: which pending session may take it, the
// per-account count of codes, and what a wrong code costs. Audit rows name the step and the
// outcome, never the code or the secret.

export interface MfaCall {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export const actorOf = (session: ResolvedSession) => ({
  id: session.user.id,
  role: session.user.role,
});

/** The pending session at `stage`, or the reason this step is not open. */
export function pendingSession(request: FastifyRequest, stage: MfaStage): ResolvedSession {
  const session = request.session;
  if (!session) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  if (!session.mfaStage) throw new AppError('CONFLICT', 'You are already signed in');
  if (session.mfaStage !== stage)
    throw new AppError(
      'CONFLICT',
      stage === 'enrol'
        ? 'Two-step sign-in is already set up for this account'
        : 'Set up two-step sign-in first',
    );
  return session;
}

/** Counts a code against the account before it is checked; 429 with the wait past the limit. */
export async function throttleCodes({ ctx, request }: MfaCall, session: ResolvedSession) {
  const wait = await countCodeAttempt(ctx.counters, ctx.limits.mfaCodes, session.user.id);
  if (wait === 0) return;
  await audit(ctx.db, {
    actor: actorOf(session),
    action: 'mfa.throttled',
    targetType: 'user',
    targetId: session.user.id,
    ip: request.ip,
    outcome: 'denied',
  });
  throw new TooManyRequests(LIMIT_SUBJECTS.mfaCodes.what, wait);
}

export const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
export const TOO_MANY_WRONG = 'Too many wrong codes. Please sign in again.';

/**
 * A wrong code: audited, counted against the pending session, and the fifth ends it (401,
 * sign in again). Before that, a 400 with the message beside the code field.
 */
export async function wrongCode(
  { ctx, request, reply }: MfaCall,
  session: ResolvedSession,
  action: 'mfa.enrol_failed' | 'mfa.challenge_failed',
): Promise<never> {
  const failures = await ctx.sessions.countMfaFailure(session.tokenHash);
  const ended = failures >= MFA_MAX_FAILURES;
  await audit(ctx.db, {
    actor: actorOf(session),
    action,
    targetType: 'user',
    targetId: session.user.id,
    ip: request.ip,
    outcome: 'failure',
    details: { failures, sessionEnded: ended },
  });
  if (ended) {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await ctx.sessions.destroy(token);
    reply.clearSessionCookie();
    throw new AppError('UNAUTHORIZED', TOO_MANY_WRONG);
  }
  throw new AppError('VALIDATION', WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
}
