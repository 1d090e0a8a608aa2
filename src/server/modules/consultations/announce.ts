import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { patientProfiles, users } from '../../db/schema/index.js';

/**
 * Tells one patient their call room is ready or over (patient-side.md §4 Call room state):
 * it reaches that patient's own socket room and nobody else.
 */
export async function announce(
  ctx: AppContext,
  patientId: string,
  event: 'roomID-received' | 'call-ended',
  roomId: string,
  applicationId: string,
  caller?: { role: string; firstName: string; lastName: string },
) {
  const [row] = await ctx.db
    .select({ userId: users.id, email: users.email })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(eq(patientProfiles.id, patientId));
  if (!row) return;
  ctx.realtime.toUser(row.userId, event, {
    roomId,
    email: row.email,
    applicationId,
    ...(caller
      ? { callerRole: caller.role, displayName: `${caller.firstName} ${caller.lastName}` }
      : {}),
  });
}
