import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../shared/roles.js';
import { patientProfiles, users } from '../db/schema/index.js';
import type { AppContext } from '../context.js';
import { hashPassword } from '../modules/auth/password.js';
import { Client } from './harness.js';

export const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

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

/** Inserts an active user of any role directly (staff cannot self-register) and signs in. */
export async function signedInAs(
  app: FastifyInstance & { ctx: AppContext },
  role: Role,
  extra: { permissions?: string[] | null } = {},
): Promise<{ client: Client; id: string; email: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = uniqueEmail(role);
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
    await app.ctx.db.insert(patientProfiles).values({ userId: user!.id, firstName: 'Test', lastName: 'Patient' });
  const client = new Client(app);
  const res = await client.post('/api/login', { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return { client, id: user!.id, email };
}
