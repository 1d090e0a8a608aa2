import type { z } from 'zod';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages.js';
import { msg } from '../../../shared/i18n/message-key.js';
import type {
  AuthRegisterRequest,
  LoginRequest,
  RegisterSchema,
} from '../../../shared/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { patientProfiles, type UserRow, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { LIMIT_SUBJECTS } from '../../rate-limit/limits.js';
import { audit } from '../audit/service.js';
import { findActiveUserByEmail } from '../users/queries.js';
import { type MailDeps, queueVerificationEmail } from './email-verification.js';
import { hashNewPassword, verifyPassword } from './password.js';
import { type LoginThrottle, tooManyAuth } from './throttle.js';

type FullRegistration = z.output<typeof RegisterSchema>;

export const EMAIL_TAKEN = msg('auth.error.emailTaken');

/** Creates a patient with its profile, the verification email and the audit row, all or nothing. */
export async function registerPatient(
  db: Db,
  input: FullRegistration | AuthRegisterRequest,
  ip: string,
  mail: MailDeps,
  /** The language the registration's pages were shown in (request-language.ts). */
  language: Language = DEFAULT_LANGUAGE,
): Promise<UserRow> {
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
          role: 'patient',
          language,
        })
        .returning();
      const full = 'dateOfBirth' in input ? input : null;
      await tx.insert(patientProfiles).values({
        userId: user!.id,
        firstName: input.firstName,
        lastName: input.lastName,
        middleName: full?.middleName || null,
        dateOfBirth: full?.dateOfBirth ?? null,
        phone: full?.phone || null,
        address: full?.address ?? null,
        apartment: full?.apartment || null,
        city: full?.city ?? null,
        state: full?.state ?? null,
        zipCode: full?.zipCode ?? null,
      });
      await queueVerificationEmail(tx, mail, user!.id, 'patient');
      await audit(tx, {
        actor: { id: user!.id, role: 'patient' },
        action: 'auth.register',
        targetType: 'user',
        targetId: user!.id,
        ip,
        patientIds: [user!.id],
      });
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
}

export const INVALID_CREDENTIALS = msg('auth.error.invalidCredentials');

/** Checks credentials with throttling; every attempt, good or bad, leaves an audit row. */
export async function authenticate(
  db: Db,
  throttle: LoginThrottle,
  input: LoginRequest,
  ip: string,
): Promise<UserRow> {
  const wait = await throttle.attempt(input.email, ip);
  if (wait > 0) {
    await audit(db, {
      action: 'auth.login_throttled',
      targetType: 'email',
      ip,
      outcome: 'denied',
    });
    throw tooManyAuth(
      'auth.error.tooManySignIns',
      LIMIT_SUBJECTS.loginPerAccountAddress.what,
      wait,
    );
  }
  const user = await findActiveUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await audit(db, {
      actor: user ? { id: user.id, role: user.role } : null,
      action: 'auth.login_failed',
      targetType: 'user',
      targetId: user?.id ?? null,
      ip,
      outcome: 'failure',
    });
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  await throttle.succeeded(input.email, ip);
  await audit(db, {
    actor: { id: user.id, role: user.role },
    action: 'auth.login',
    targetType: 'user',
    targetId: user.id,
    ip,
  });
  return user;
}
