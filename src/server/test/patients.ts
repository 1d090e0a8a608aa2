import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { QUEUE_REQUIRED_DOCUMENTS } from '../../shared/documents.js';
import { DISPENSARY_STATEMENT, type QueueStatusView } from '../../shared/queue.js';
import type { ApplicationView } from '../../shared/schemas/application.js';
import type { CurrentUser } from '../../shared/schemas/auth.js';
import type { AppContext } from '../context.js';
import {
  applications,
  consultations,
  documents,
  payments,
  queueEntries,
} from '../db/schema/index.js';
import { reviewDocument } from '../modules/documents/staff-service.js';
import { loadCurrentUser } from '../modules/users/queries.js';
import { dashboardUpload, pdfBytes, TINY_JPEG, TINY_PNG } from './files.js';
import { createUser, goodPayment, validRegistration } from './fixtures.js';
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

/** The required documents, as a patient's phone would send them. */
export const REQUIRED_UPLOADS = [
  { type: 'id', file: { bytes: pdfBytes('License'), name: 'license.pdf' } },
  { type: 'residency_proof', file: { bytes: TINY_PNG, name: 'bill.png' } },
  { type: 'photo', file: { bytes: TINY_JPEG, name: 'me.jpg' } },
] as const;

/**
 * The intake the queue requires (issue 11): the open application with a medical condition and
 * the three required documents, through the routes the wizard uses. Answers the application id.
 */
export async function completeIntake(
  patient: TestPatient,
  opts: { skip?: readonly ('condition' | 'id' | 'residency_proof' | 'photo')[] } = {},
): Promise<string> {
  const skip = new Set(opts.skip ?? []);
  const created = await patient.client.post('/api/applications', { type: 'new' });
  expect(created.statusCode, created.body).toBeLessThan(300);
  const applicationId: string = created.json().id;
  if (!skip.has('condition')) {
    const res = await patient.client.post(`/api/applications/${applicationId}/medical-conditions`, {
      icdCode: 'G89.29',
      description: 'Chronic pain',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const upload of REQUIRED_UPLOADS) {
    if (skip.has(upload.type)) continue;
    const res = await dashboardUpload(patient.client, upload.file, {
      type: upload.type,
      applicationId,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return applicationId;
}

/** Registered with the intake complete, not paid. */
export async function intakeReadyPatient(
  app: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<TestPatient & { applicationId: string }> {
  const patient = await registerPatient(app, overrides);
  return { ...patient, applicationId: await completeIntake(patient) };
}

/**
 * Registers, completes the intake and pays with the simulator's approved card and the
 * dispensary statement; the payment joins the queue.
 */
export async function paidPatient(
  app: TestApp,
  payment: Record<string, unknown> = {},
): Promise<PaidPatient> {
  const patient = await intakeReadyPatient(app);
  const res = await patient.client.post('/api/process-payment', goodPayment(payment));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ...patient, application: body.application, queue: body.queue };
}

/**
 * Paid and put in line straight in the database, past the intake gate: only for tests that
 * count a patient's documents (the gate needs three). The gate itself is tested in
 * queue/intake-gate.test.ts.
 */
export async function queuedWithoutIntake(
  app: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<PaidPatient> {
  const patient = await registerPatient(app, overrides);
  const res = await patient.client.post('/api/process-payment', goodPayment());
  expect(res.statusCode, res.body).toBe(200);
  const { application } = res.json();
  await app.ctx.db.insert(queueEntries).values({
    patientId: patient.patientId,
    applicationId: application.id,
    dispensaryStatement: DISPENSARY_STATEMENT,
    dispensaryStatementAt: new Date(),
  });
  app.ctx.queue.invalidate();
  const queue = await patient.client.get('/api/queue/status');
  return { ...patient, application, queue: queue.json() };
}

export const applicationsOf = (app: TestApp, patientId: string) =>
  app.ctx.db.select().from(applications).where(eq(applications.patientId, patientId));

export const paymentsOf = (app: TestApp, patientId: string) =>
  app.ctx.db.select().from(payments).where(eq(payments.patientId, patientId));

export const queueEntriesOf = (app: TestApp, patientId: string) =>
  app.ctx.db.select().from(queueEntries).where(eq(queueEntries.patientId, patientId));

const reviewers = new WeakMap<TestApp, Promise<CurrentUser>>();

/**
 * A document reviewer (an admin) approves, through the review service, the current required
 * documents (ID, residency, photo) of the consultation's patient: an approval is refused while
 * one is pending or rejected (issue 21, ADR 0012).
 */
export async function approveRequiredDocuments(app: TestApp, consultationId: string) {
  if (!reviewers.has(app))
    reviewers.set(
      app,
      createUser(app, 'admin').then(async ({ id }) => (await loadCurrentUser(app.ctx.db, id))!),
    );
  const reviewer = await reviewers.get(app)!;
  const [consultation] = await app.ctx.db
    .select({ patientId: consultations.patientId })
    .from(consultations)
    .where(eq(consultations.id, consultationId));
  expect(consultation, 'consultation to approve').toBeDefined();
  const pending = await app.ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.patientId, consultation!.patientId),
        inArray(documents.category, [...QUEUE_REQUIRED_DOCUMENTS]),
        isNull(documents.replacedAt),
        ne(documents.status, 'approved'),
      ),
    );
  for (const { id } of pending)
    await reviewDocument(app.ctx, { user: reviewer, id, status: 'approved', ip: '127.0.0.1' });
}
