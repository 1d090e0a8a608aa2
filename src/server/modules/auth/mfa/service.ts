import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { MfaSetupAnswer } from '../../../../shared/schemas/account.js';
import type { CurrentUser } from '../../../../shared/schemas/auth.js';
import { mfaRecoveryCodes, users } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import { audit } from '../../audit/service.js';
import { findActiveUserById } from '../../users/queries.js';
import { signIn } from '../routes.js';
import type { ResolvedSession } from '../session-store.js';
import { clearCodeAttempts } from './code-throttle.js';
import { actorOf, type MfaCall, pendingSession, throttleCodes, wrongCode } from './pending.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { codeStep, looksLikeTotp, newTotpSecret } from './totp.js';

// The staff second factor (issue 13): enrol (setup, then verify with a first code) and the
// challenge at every later sign-in. The secret is sealed in users.mfa_secret; each TOTP step
// is accepted once (users.mfa_last_step); recovery codes are stored hashed and spent once.

const SECRET_PURPOSE = 'mfa-secret';
export const CODE_REUSED = 'This code has been used already. Wait for the next code in your app.';

/** A new secret for a staff member who is enrolling (again, if they reload the page). */
export async function startSetup(call: MfaCall): Promise<MfaSetupAnswer> {
  const { ctx, request } = call;
  const session = pendingSession(request, 'enrol');
  const { secret, otpauthUrl } = newTotpSecret(session.user.email);
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ mfaSecret: ctx.sealer.seal(secret, SECRET_PURPOSE), updatedAt: new Date(ctx.now()) })
      .where(and(eq(users.id, session.user.id), isNull(users.mfaEnrolledAt)))
      .returning({ id: users.id });
    if (!updated) throw new AppError('CONFLICT', 'Two-step sign-in is already set up');
    await audit(tx, {
      actor: actorOf(session),
      action: 'mfa.setup_started',
      targetType: 'user',
      targetId: session.user.id,
      ip: request.ip,
    });
  });
  return { secret, otpauthUrl };
}

/** The secret a pending session's user holds, opened; null when none was set up. */
async function secretOf(call: MfaCall, session: ResolvedSession) {
  const row = await findActiveUserById(call.ctx.db, session.user.id);
  if (!row?.mfaSecret) return null;
  return { row, secret: call.ctx.sealer.open(row.mfaSecret, SECRET_PURPOSE) };
}

/** The first code confirms the secret: enrolled, ten recovery codes, and a full session. */
export async function finishEnrolment(
  call: MfaCall,
  code: string,
): Promise<{ user: CurrentUser; recoveryCodes: string[] }> {
  const { ctx, request, reply } = call;
  const session = pendingSession(request, 'enrol');
  await throttleCodes(call, session);
  const found = await secretOf(call, session);
  if (!found) throw new AppError('CONFLICT', 'Start the setup first: open the QR code step');
  const step = looksLikeTotp(code) ? await codeStep(found.secret, code, ctx.now()) : null;
  if (step === null) return wrongCode(call, session, 'mfa.enrol_failed');
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    // The secret confirmed is the one stored now (not one replaced by a setup in another tab).
    const [updated] = await tx
      .update(users)
      .set({ mfaEnrolledAt: new Date(ctx.now()), mfaLastStep: step, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, session.user.id),
          isNull(users.mfaEnrolledAt),
          eq(users.mfaSecret, found.row.mfaSecret!),
        ),
      )
      .returning({ id: users.id });
    if (!updated)
      throw new AppError('CONFLICT', 'The setup changed meanwhile. Please sign in again.');
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, session.user.id));
    await tx.insert(mfaRecoveryCodes).values(
      recoveryCodes.map((c) => ({
        userId: session.user.id,
        codeHash: hashRecoveryCode(session.user.id, c),
      })),
    );
    await audit(tx, {
      actor: actorOf(session),
      action: 'mfa.enrolled',
      targetType: 'user',
      targetId: session.user.id,
      ip: request.ip,
      details: { recoveryCodes: recoveryCodes.length },
    });
  });
  await clearCodeAttempts(ctx.counters, session.user.id);
  // The pending session ends and a new token starts the full one.
  const user = await signIn(ctx, request, reply, session.user.id);
  return { user, recoveryCodes };
}

/** A later sign-in's second step: a TOTP code, or a recovery code that is spent by it. */
export async function passChallenge(call: MfaCall, code: string): Promise<{ user: CurrentUser }> {
  const { ctx, request, reply } = call;
  const session = pendingSession(request, 'challenge');
  await throttleCodes(call, session);
  const found = await secretOf(call, session);
  if (!found?.row.mfaEnrolledAt)
    throw new AppError('CONFLICT', 'Two-step sign-in was reset. Please sign in again.');
  const passed = looksLikeTotp(code)
    ? await passWithTotp(call, session, found.secret, code)
    : await passWithRecoveryCode(call, session, code);
  if (!passed) return wrongCode(call, session, 'mfa.challenge_failed');
  await clearCodeAttempts(ctx.counters, session.user.id);
  return { user: await signIn(ctx, request, reply, session.user.id) };
}

async function passWithTotp(
  { ctx, request }: MfaCall,
  session: ResolvedSession,
  secret: string,
  code: string,
): Promise<boolean> {
  const step = await codeStep(secret, code, ctx.now());
  if (step === null) return false;
  const claimed = await ctx.db.transaction(async (tx) => {
    // Claims the step: a code seen before (or a parallel request with it) finds nothing to update.
    const [row] = await tx
      .update(users)
      .set({ mfaLastStep: step })
      .where(
        and(
          eq(users.id, session.user.id),
          or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step)),
        ),
      )
      .returning({ id: users.id });
    await audit(tx, {
      actor: actorOf(session),
      action: row ? 'mfa.challenge_passed' : 'mfa.code_reused',
      targetType: 'user',
      targetId: session.user.id,
      ip: request.ip,
      outcome: row ? 'success' : 'denied',
      details: { method: 'totp' },
    });
    return row !== undefined;
  });
  // Someone who has the code has the phone: a reused code is refused but is not a wrong guess.
  if (!claimed)
    throw new AppError('VALIDATION', CODE_REUSED, [{ path: 'code', message: CODE_REUSED }]);
  return true;
}

async function passWithRecoveryCode(
  { ctx, request }: MfaCall,
  session: ResolvedSession,
  code: string,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date(ctx.now()) })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, session.user.id),
          eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(session.user.id, code)),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    if (!spent) return false;
    const [left] = await tx
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, session.user.id), isNull(mfaRecoveryCodes.usedAt)));
    await audit(tx, {
      actor: actorOf(session),
      action: 'mfa.recovery_code_used',
      targetType: 'user',
      targetId: session.user.id,
      ip: request.ip,
      details: { remaining: left?.n ?? 0 },
    });
    return true;
  });
}
