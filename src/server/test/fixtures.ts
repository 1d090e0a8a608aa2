import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { todayIso } from '../../shared/dates.js';
import type { Role } from '../../shared/roles.js';
import type { AppContext } from '../context.js';
import { auditLog, patientProfiles, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';
import { Client } from './harness.js';

export const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

export function validRegistration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jamie',
    lastName: 'Collins',
    email: uniqueEmail('patient'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    dateOfBirth: '1985-04-12',
    address: '1200 N Walker Ave',
    city: 'Oklahoma City',
    state: 'OK',
    zipCode: '73103',
    ...overrides,
  };
}

type TestApp = FastifyInstance & { ctx: AppContext };

/** The clinic's today moved by whole days, as an ISO date (OMMA registration expiries). */
export function clinicDayFromToday(app: TestApp, days: number): string {
  const today = todayIso(app.ctx.config.CLINIC_TIMEZONE);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const TEST_OMMA_REGISTRATION = 'PHY-OK-4471';

export interface OmmaFixture {
  number: string;
  expiresOn: string;
}

interface UserExtra {
  permissions?: string[] | null;
  email?: string;
  /** A doctor's OMMA registration: current for a year unless given; null for none. */
  omma?: OmmaFixture | null;
}

/** Inserts an active user of any role directly (staff cannot self-register); no sign-in. */
export async function createUser(
  app: TestApp,
  role: Role,
  extra: UserExtra = {},
): Promise<{ id: string; email: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = extra.email ?? uniqueEmail(role);
  // Doctors may approve only while registered with OMMA (issue 12): by default they are.
  const omma =
    role !== 'doctor'
      ? null
      : extra.omma === undefined
        ? { number: TEST_OMMA_REGISTRATION, expiresOn: clinicDayFromToday(app, 365) }
        : extra.omma;
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      firstName: 'Test',
      lastName: role,
      role,
      permissions: extra.permissions ?? null,
      licenseNumber: role === 'doctor' ? 'OK-12345' : null,
      npi: role === 'doctor' ? '1234567890' : null,
      ommaRegistrationNumber: omma?.number ?? null,
      ommaRegistrationExpiresOn: omma?.expiresOn ?? null,
    })
    .returning();
  if (role === 'patient')
    await app.ctx.db
      .insert(patientProfiles)
      .values({ userId: user!.id, firstName: 'Test', lastName: 'Patient' });
  return { id: user!.id, email };
}

/** Inserts an active user of any role directly (staff cannot self-register) and signs in. */
export async function signedInAs(
  app: TestApp,
  role: Role,
  extra: Omit<UserExtra, 'email'> = {},
): Promise<{ client: Client; id: string; email: string }> {
  const { id, email } = await createUser(app, role, extra);
  const client = new Client(app);
  const res = await client.post('/api/login', { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return { client, id, email };
}

/** The audit rows about one target (or by one actor), oldest first. */
export async function auditRows(app: TestApp, where: { targetId?: string; actorId?: string }) {
  const conditions = [
    where.targetId ? eq(auditLog.targetId, where.targetId) : undefined,
    where.actorId ? eq(auditLog.actorId, where.actorId) : undefined,
  ].filter((c) => c !== undefined);
  return app.ctx.db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(asc(auditLog.id));
}

/** Counts rows of the users table (to prove a refused request wrote nothing). */
export async function countUsers(app: TestApp): Promise<number> {
  const [row] = await app.ctx.db.select({ n: count() }).from(users);
  return row!.n;
}

/**
 * A payment the simulator approves (4242…), for a new application at the default fee: OMMA's
 * $104.30 and the $33.00 service fee, the clinic submitting the OMMA application (issue 22).
 */
export const goodPayment = (overrides: Record<string, unknown> = {}) => ({
  amount: '137.30',
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/39',
  cvv: '123',
  billingName: 'Jamie Collins',
  applicationType: 'new',
  hasReducedFee: false,
  paymentMethod: 'credit',
  consent: true,
  // The dispensary statement (issue 11): queues the patient when the intake is complete.
  notAtDispensary: true,
  // Issue 22, clinic_submits (the default): the patient authorizes the clinic to apply to OMMA.
  stateApplicationAuthorized: true,
  ...overrides,
});
