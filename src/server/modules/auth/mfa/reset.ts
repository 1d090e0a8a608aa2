import { and, eq, inArray, isNull } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../../shared/roles.js';
import type { CurrentUser } from '../../../../shared/schemas/auth.js';
import type { Db } from '../../../db/client.js';
import { mfaRecoveryCodes, type UserRow, users } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import { audit } from '../../audit/service.js';

/**
 * A master admin clears another staff member's second factor (a lost phone, issue 13): the
 * secret, the enrolment and the recovery codes go, so their next sign-in enrols afresh. The
 * caller ends that user's sessions.
 */
export async function resetMfa(
  db: Db,
  actor: Pick<CurrentUser, 'id' | 'role'>,
  userId: string,
  ip: string,
): Promise<UserRow> {
  if (userId === actor.id)
    throw new AppError('FORBIDDEN', 'Ask another master admin to reset your two-step sign-in');
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          isNull(users.deactivatedAt),
          inArray(users.role, [...STAFF_ROLES]),
        ),
      )
      .for('update');
    if (!target) throw new AppError('NOT_FOUND', 'User not found');
    const [updated] = await tx
      .update(users)
      .set({ mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await audit(tx, {
      actor,
      action: 'mfa.reset',
      targetType: 'user',
      targetId: userId,
      ip,
      details: { wasEnrolled: target.mfaEnrolledAt !== null },
    });
    return updated!;
  });
}
