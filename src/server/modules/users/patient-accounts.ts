import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PATIENT_SEARCH_PAGE_SIZE,
  type PatientAccount,
  type PatientSearchAnswer,
  type PatientSearchQuerySchema,
} from '../../../shared/schemas/patient-accounts.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { patientProfiles, type UserRow, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { audit } from '../audit/service.js';
import { queueResetLink } from '../auth/password-reset.js';

// Patients in user management (issue 13, ruling 3): staff holding `users` and `documents` find
// a patient and help with the account. Every list shown is audited naming each patient on it;
// every action is audited with the patient it concerns.

type Actor = { id: string; role: string };
type SearchCriteria = z.output<typeof PatientSearchQuerySchema>;
type Ctx = Pick<AppContext, 'db' | 'mail' | 'now' | 'loginThrottle' | 'sessions'>;

/** `%` and `_` typed in a search are letters, not wildcards. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function matching({ q, dob }: SearchCriteria): SQL {
  const conditions: SQL[] = [eq(users.role, 'patient'), isNull(users.deactivatedAt)];
  if (q) {
    const like = likeLiteral(q);
    conditions.push(
      // The profile holds the name as the patient keeps it (their profile form); the account's
      // name is the one they registered with. Either finds them.
      or(
        ilike(users.email, like),
        ilike(sql`${patientProfiles.firstName} || ' ' || ${patientProfiles.lastName}`, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    );
  }
  if (dob) conditions.push(eq(patientProfiles.dateOfBirth, dob));
  return and(...conditions)!;
}

export async function searchPatients(
  ctx: Ctx,
  actor: Actor,
  criteria: SearchCriteria,
  ip: string,
): Promise<PatientSearchAnswer> {
  const pageSize = PATIENT_SEARCH_PAGE_SIZE;
  const rows = await ctx.db
    .select({
      user: users,
      dateOfBirth: patientProfiles.dateOfBirth,
      firstName: patientProfiles.firstName,
      lastName: patientProfiles.lastName,
    })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .where(matching(criteria))
    .orderBy(
      asc(sql`coalesce(${patientProfiles.lastName}, ${users.lastName})`),
      asc(sql`coalesce(${patientProfiles.firstName}, ${users.firstName})`),
      asc(users.id),
    )
    .limit(pageSize + 1)
    .offset((criteria.page - 1) * pageSize);
  const shown = rows.slice(0, pageSize);
  const locked = await Promise.all(shown.map((r) => ctx.loginThrottle.isLocked(r.user.email)));
  // The search words may be a name: the row records what was searched by, not the words.
  await audit(ctx.db, {
    actor,
    action: 'patient.search',
    targetType: 'patient_list',
    ip,
    details: {
      by: [criteria.q ? 'name or email' : null, criteria.dob ? 'date of birth' : null].filter(
        Boolean,
      ),
      page: criteria.page,
      shown: shown.length,
    },
    patientIds: shown.map((r) => r.user.id),
  });
  return {
    patients: shown.map((r, i) => toPatientAccount(r, locked[i]!)),
    page: criteria.page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}

function toPatientAccount(
  row: {
    user: UserRow;
    dateOfBirth: string | null;
    firstName: string | null;
    lastName: string | null;
  },
  signInLocked: boolean,
): PatientAccount {
  return {
    id: row.user.id,
    firstName: row.firstName ?? row.user.firstName,
    lastName: row.lastName ?? row.user.lastName,
    email: row.user.email,
    dateOfBirth: row.dateOfBirth,
    emailVerified: row.user.emailVerified,
    createdAt: row.user.createdAt.toISOString(),
    signInLocked,
  };
}

const NOT_FOUND = 'Patient not found';

/** The active patient, locked for the change (two staff, one account). */
async function lockActivePatient(tx: Executor, userId: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'patient'), isNull(users.deactivatedAt)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** Nobody signs in to the account again; its open sessions end (the route ends them). */
export async function deactivatePatient(ctx: Ctx, actor: Actor, userId: string, ip: string) {
  await ctx.db.transaction(async (tx) => {
    await lockActivePatient(tx, userId);
    const at = new Date(ctx.now());
    await tx.update(users).set({ deactivatedAt: at, updatedAt: at }).where(eq(users.id, userId));
    await audit(tx, {
      actor,
      action: 'patient.deactivate',
      targetType: 'user',
      targetId: userId,
      ip,
      patientIds: [userId],
    });
  });
  await ctx.sessions.destroyAllForUser(userId);
}

/** A reset link to the patient's own address (staff never see or set the password). */
export async function sendPatientPasswordReset(ctx: Ctx, actor: Actor, userId: string, ip: string) {
  await ctx.db.transaction(async (tx) => {
    await lockActivePatient(tx, userId);
    await queueResetLink(tx, ctx, userId);
    await audit(tx, {
      actor,
      action: 'patient.send_password_reset',
      targetType: 'user',
      targetId: userId,
      ip,
      patientIds: [userId],
    });
  });
}

/** Clears the sign-in throttle's counts for the patient's account (every address). */
export async function unlockPatientSignIn(ctx: Ctx, actor: Actor, userId: string, ip: string) {
  const email = await ctx.db.transaction(async (tx) => {
    const patient = await lockActivePatient(tx, userId);
    await audit(tx, {
      actor,
      action: 'patient.unlock_sign_in',
      targetType: 'user',
      targetId: userId,
      ip,
      patientIds: [userId],
    });
    return patient.email;
  });
  await ctx.loginThrottle.unlock(email);
}
