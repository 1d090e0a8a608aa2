import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  effectivePermissions,
  isAdminRole,
  isMasterRole,
  isPhysicianRole,
  type Permission,
  STAFF_ROLES,
  type StaffRole,
} from '../../../shared/roles.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import {
  type AdminSetupRequest,
  CONSULT_LANGUAGES_PHYSICIANS_ONLY,
  type CreateUserSchema,
  type UpdateUserRequest,
} from '../../../shared/schemas/users.js';
import type { Db, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { audit } from '../audit/service.js';
import { type MailDeps, queueVerificationEmail } from '../auth/email-verification.js';
import { hashNewPassword } from '../auth/password.js';
import { EMAIL_TAKEN } from '../auth/service.js';
import { countActiveMasterAdmins } from './queries.js';

type Actor = Pick<CurrentUser, 'id' | 'role'>;
type CreateUserInput = z.output<typeof CreateUserSchema>;

// Staff account rules (issue 2, ruling 2, ruling 18): only a master admin hands out master
// roles, touches a master admin or edits permission boxes; nobody deletes themselves or, below
// master admin, changes their own role; the clinic always keeps one active master admin.

/** Serialises changes that could remove the last master admin (two admins demoting each other). */
async function lockMasterAdmins(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('master-admins'))`);
}

/** The registration as an audit row records it (a public credential, not PHI). */
function ommaDetails(row: UserRow) {
  return {
    ommaRegistrationNumber: row.ommaRegistrationNumber,
    ommaRegistrationExpiresOn: row.ommaRegistrationExpiresOn,
  };
}

export async function adminExists(db: Executor): Promise<boolean> {
  return (await countActiveMasterAdmins(db)) > 0;
}

export async function setupFirstAdmin(
  db: Db,
  input: AdminSetupRequest,
  ip: string,
  mail: MailDeps,
): Promise<UserRow> {
  const passwordHash = await hashNewPassword(input.password, [
    input.email,
    input.firstName,
    input.lastName,
  ]);
  try {
    return await db.transaction(async (tx) => {
      await lockMasterAdmins(tx);
      if (await adminExists(tx)) throw new AppError('CONFLICT', 'An admin account already exists');
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'master_admin',
        })
        .returning();
      await audit(tx, {
        actor: { id: user!.id, role: 'master_admin' },
        action: 'admin.setup',
        targetType: 'user',
        targetId: user!.id,
        ip,
      });
      // The first admin confirms the address like every account (issue 13).
      await queueVerificationEmail(tx, mail, user!.id, user!.role);
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
}

export async function listStaff(db: Executor): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.deactivatedAt)))
    .orderBy(users.createdAt);
}

function checkPermissionsEdit(
  actor: Actor,
  role: StaffRole,
  permissions: Permission[] | undefined,
) {
  if (permissions === undefined) return;
  if (!isMasterRole(actor.role))
    throw new AppError('FORBIDDEN', 'Only a master admin can change permissions');
  if (!isAdminRole(role) || isMasterRole(role))
    throw new AppError(
      'BAD_REQUEST',
      role === 'doctor'
        ? "A doctor's access is set by the role and cannot be changed"
        : 'A master admin always holds every permission',
    );
}

function checkMasterRoleGrant(actor: Actor, role: string) {
  if (isMasterRole(role) && !isMasterRole(actor.role))
    throw new AppError('FORBIDDEN', 'Only a master admin can grant a master admin role');
}

/** A staff account, with its two messages (verify the address; an account was created for you). */
export async function createStaffUser(
  db: Db,
  actor: Actor,
  input: CreateUserInput,
  ip: string,
  mail: MailDeps,
): Promise<UserRow> {
  checkMasterRoleGrant(actor, input.role);
  checkPermissionsEdit(actor, input.role, input.permissions);
  const passwordHash = await hashNewPassword(input.password, [
    input.email,
    input.firstName,
    input.lastName,
  ]);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          permissions: input.permissions ?? null,
          licenseNumber: input.role === 'doctor' ? input.licenseNumber || null : null,
          npi: input.role === 'doctor' ? input.npi || null : null,
          ommaRegistrationNumber:
            input.role === 'doctor' ? input.ommaRegistrationNumber || null : null,
          ommaRegistrationExpiresOn:
            input.role === 'doctor' ? input.ommaRegistrationExpiresOn || null : null,
          officeAddress: input.role === 'doctor' ? input.officeAddress || null : null,
          licensingBoard: input.role === 'doctor' ? input.licensingBoard || null : null,
          // Physicians consult in English unless told otherwise (issue 24); the schema has
          // refused languages for any other role.
          languages: isPhysicianRole(input.role) ? (input.languages ?? ['en']) : null,
        })
        .returning();
      await queueVerificationEmail(tx, mail, user!.id, user!.role);
      await mail.mail.queue(tx, {
        userId: user!.id,
        message: { kind: 'staff_account_created' },
        dedupeKey: `staff_account_created:${user!.id}`,
      });
      await audit(tx, {
        actor,
        action: 'user.create',
        targetType: 'user',
        targetId: user!.id,
        ip,
        details: {
          role: input.role,
          ...(user!.ommaRegistrationNumber ? ommaDetails(user!) : {}),
        },
      });
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
}

async function lockActiveStaff(tx: Executor, userId: string): Promise<UserRow> {
  const [target] = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.id, userId), isNull(users.deactivatedAt), inArray(users.role, [...STAFF_ROLES])),
    )
    .for('update');
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  return target;
}

async function assertNotLastMasterAdmin(tx: Executor, target: UserRow) {
  if (!isMasterRole(target.role)) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        inArray(users.role, ['admin', 'master_admin']),
        isNull(users.deactivatedAt),
        ne(users.id, target.id),
      ),
    );
  if ((row?.n ?? 0) === 0)
    throw new AppError('FORBIDDEN', 'The clinic must keep at least one master admin');
}

export async function updateStaffUser(
  db: Db,
  actor: Actor,
  userId: string,
  input: UpdateUserRequest,
  ip: string,
): Promise<{ user: UserRow; rightsChanged: boolean }> {
  return db.transaction(async (tx) => {
    await lockMasterAdmins(tx);
    const target = await lockActiveStaff(tx, userId);
    if (isMasterRole(target.role) && !isMasterRole(actor.role))
      throw new AppError('FORBIDDEN', 'Only a master admin can change a master admin');
    const role = (input.role ?? target.role) as StaffRole;
    checkMasterRoleGrant(actor, role);
    checkPermissionsEdit(actor, role, input.permissions);
    const roleChanged = role !== target.role;
    // Holding `users` is not a master's rights: nobody below master admin changes their own
    // role (issue 10, defect 13); a master admin may still step down while another remains.
    if (roleChanged && target.id === actor.id && !isMasterRole(actor.role))
      throw new AppError('FORBIDDEN', 'You cannot change your own role');
    if (roleChanged && !isMasterRole(role)) await assertNotLastMasterAdmin(tx, target);
    const licenseNumber = role === 'doctor' ? (input.licenseNumber ?? target.licenseNumber) : null;
    const npi = role === 'doctor' ? (input.npi ?? target.npi) : null;
    if (role === 'doctor' && (!licenseNumber || !npi)) {
      // The same messages and paths as CreateUserSchema, so the form shows them by the fields.
      const issues = [
        ...(licenseNumber
          ? []
          : [{ path: 'licenseNumber', message: 'License number is required for doctors' }]),
        ...(npi ? [] : [{ path: 'npi', message: 'NPI is required for doctors' }]),
      ];
      throw new AppError('BAD_REQUEST', issues[0]!.message, issues);
    }
    if (input.licenseNumber !== undefined || input.npi !== undefined) {
      if (role !== 'doctor')
        throw new AppError('BAD_REQUEST', 'Only doctors carry a license number and NPI');
    }
    // The office and board (issue 22), like the registration: doctors only, null clears.
    const officeGiven = input.officeAddress !== undefined || input.licensingBoard !== undefined;
    if (officeGiven && role !== 'doctor' && (input.officeAddress || input.licensingBoard))
      throw new AppError('BAD_REQUEST', 'Only doctors carry an office address and licensing board');
    const office =
      role !== 'doctor'
        ? { officeAddress: null, licensingBoard: null }
        : {
            officeAddress:
              input.officeAddress === undefined ? target.officeAddress : input.officeAddress,
            licensingBoard:
              input.licensingBoard === undefined ? target.licensingBoard : input.licensingBoard,
          };
    const ommaGiven = input.ommaRegistrationNumber !== undefined;
    if (ommaGiven && role !== 'doctor')
      throw new AppError('BAD_REQUEST', 'Only doctors carry an OMMA registration');
    // The schema has checked that number and expiry come together (or are both cleared).
    const omma =
      role !== 'doctor'
        ? { ommaRegistrationNumber: null, ommaRegistrationExpiresOn: null }
        : ommaGiven
          ? {
              ommaRegistrationNumber: input.ommaRegistrationNumber ?? null,
              ommaRegistrationExpiresOn: input.ommaRegistrationExpiresOn ?? null,
            }
          : {
              ommaRegistrationNumber: target.ommaRegistrationNumber,
              ommaRegistrationExpiresOn: target.ommaRegistrationExpiresOn,
            };

    // Consulting languages (issue 24): physicians only; a physician keeps theirs (English by
    // default), any other role holds none.
    if (input.languages !== undefined && !isPhysicianRole(role))
      throw new AppError('BAD_REQUEST', CONSULT_LANGUAGES_PHYSICIANS_ONLY, [
        { path: 'languages', message: CONSULT_LANGUAGES_PHYSICIANS_ONLY },
      ]);
    const languages = isPhysicianRole(role)
      ? (input.languages ?? target.languages ?? ['en'])
      : null;

    const [updated] = await tx
      .update(users)
      .set({
        role,
        languages,
        // A new role starts from its own defaults unless boxes are sent with it.
        permissions: input.permissions ?? (roleChanged ? null : target.permissions),
        licenseNumber,
        npi,
        ...omma,
        ...office,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (roleChanged)
      await audit(tx, {
        actor,
        action: 'user.update_role',
        targetType: 'user',
        targetId: userId,
        ip,
        details: { from: target.role, to: role },
      });
    if (input.permissions)
      await audit(tx, {
        actor,
        action: 'user.update_permissions',
        targetType: 'user',
        targetId: userId,
        ip,
        details: { permissions: input.permissions },
      });
    // What the user may do now differs (role or boxes): their open sockets must not keep the
    // old rights (issue 10, defect 9).
    const before = effectivePermissions(target.role as StaffRole, target.permissions);
    const after = effectivePermissions(role, updated!.permissions);
    const rightsChanged = roleChanged || before.join() !== after.join();
    if (input.licenseNumber !== undefined || input.npi !== undefined)
      await audit(tx, {
        actor,
        action: 'user.update_credentials',
        targetType: 'user',
        targetId: userId,
        ip,
      });
    if (
      ommaGiven &&
      (omma.ommaRegistrationNumber !== target.ommaRegistrationNumber ||
        omma.ommaRegistrationExpiresOn !== target.ommaRegistrationExpiresOn)
    )
      await audit(tx, {
        actor,
        action: 'user.update_omma_registration',
        targetType: 'user',
        targetId: userId,
        ip,
        details: {
          from: ommaDetails(target),
          to: ommaDetails(updated!),
        },
      });
    if (
      officeGiven &&
      (office.officeAddress !== target.officeAddress ||
        office.licensingBoard !== target.licensingBoard)
    )
      await audit(tx, {
        actor,
        action: 'user.update_office',
        targetType: 'user',
        targetId: userId,
        ip,
        // The office is the physician's public practice address, printed on every form.
        details: {
          from: { officeAddress: target.officeAddress, licensingBoard: target.licensingBoard },
          to: office,
        },
      });
    return { user: updated!, rightsChanged };
  });
}

export async function deactivateStaffUser(
  db: Db,
  actor: Actor,
  userId: string,
  ip: string,
): Promise<void> {
  if (userId === actor.id) throw new AppError('FORBIDDEN', 'You cannot delete your own account');
  await db.transaction(async (tx) => {
    await lockMasterAdmins(tx);
    const target = await lockActiveStaff(tx, userId);
    if (isMasterRole(target.role) && !isMasterRole(actor.role))
      throw new AppError('FORBIDDEN', 'Only a master admin can delete a master admin');
    await assertNotLastMasterAdmin(tx, target);
    await tx
      .update(users)
      .set({ deactivatedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await audit(tx, { actor, action: 'user.delete', targetType: 'user', targetId: userId, ip });
  });
}
