import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { QueueStatusView } from '../../shared/queue.js';
import type { ApplicationView } from '../../shared/schemas/application.js';
import type { AppContext } from '../context.js';
import { applications, payments, queueEntries } from '../db/schema/index.js';
import { goodPayment, validRegistration } from './fixtures.js';
import { Client } from './harness.js';

// Patients as the journey makes them: registered through the API with an Oklahoma address
// (payments and applications need one, ruling 19), signed in, optionally paid.

type TestApp = FastifyInstance & { ctx: AppContext };

export interface TestPatient {
  client: Client;
  userId: string;
  patientId: string;
  email: string;
}

export async function registerPatient(
  app: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<TestPatient> {
  const client = new Client(app);
  const res = await client.post('/api/register', validRegistration(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const { user } = res.json();
  return { client, userId: user.id, patientId: user.patient.id, email: user.email };
}

export interface PaidPatient extends TestPatient {
  application: ApplicationView;
  queue: QueueStatusView;
}

/** Registers and pays with the simulator's approved card; the payment joins the queue. */
export async function paidPatient(
  app: TestApp,
  payment: Record<string, unknown> = {},
): Promise<PaidPatient> {
  const patient = await registerPatient(app);
  const res = await patient.client.post('/api/process-payment', goodPayment(payment));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ...patient, application: body.application, queue: body.queue };
}

export const applicationsOf = (app: TestApp, patientId: string) =>
  app.ctx.db.select().from(applications).where(eq(applications.patientId, patientId));

export const paymentsOf = (app: TestApp, patientId: string) =>
  app.ctx.db.select().from(payments).where(eq(payments.patientId, patientId));

export const queueEntriesOf = (app: TestApp, patientId: string) =>
  app.ctx.db.select().from(queueEntries).where(eq(queueEntries.patientId, patientId));
