import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
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

/** Inserts an active user of any role directly (staff cannot self-register); no sign-in. */
export async function createUser(
  app: TestApp,
  role: Role,
  extra: { permissions?: string[] | null; email?: string } = {},
): Promise<{ id: string; email: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = extra.email ?? uniqueEmail(role);
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
  extra: { permissions?: string[] | null } = {},
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

/** A payment the simulator approves (4242…), for a new application at the default fee. */
export const goodPayment = (overrides: Record<string, unknown> = {}) => ({
  amount: '137.00',
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
  ...overrides,
});
