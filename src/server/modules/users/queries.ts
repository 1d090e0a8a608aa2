import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MASTER_ROLES } from '../../../shared/roles.js';
import type { Executor } from '../../db/client.js';
import { patientProfiles, type UserRow, users } from '../../db/schema/index.js';
import { toCurrentUser } from './mappers.js';

// Reads other modules may call (a module never reaches into another's tables).

export async function findActiveUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deactivatedAt)))
    .limit(1);
  return row ?? null;
}

export async function findActiveUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deactivatedAt)))
    .limit(1);
  return row ?? null;
}

export async function loadCurrentUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ user: users, profile: patientProfiles })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .limit(1);
  return row ? toCurrentUser(row.user, row.profile) : null;
}

export async function countActiveMasterAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(users.role, [...MASTER_ROLES]), isNull(users.deactivatedAt)));
  return row?.n ?? 0;
}
