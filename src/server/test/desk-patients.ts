import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applications, payments, stateApplications } from '../db/schema/index.js';
import type { Client, TestApp } from './harness.js';
import { type IntakeDonePatient, queuedPatient } from './journey-patients.js';
import { approveRequiredDocuments } from './patients.js';

// Patients approved through the real routes (issue 22), whose approval opened their OMMA
// application: the State Applications desk's subjects. The state fee on the payment and the
// mode on the application stand in for what payment records (the `money` part of issue 22):
// set before the approval, as payment would have.

export const STATE_FEE_CENTS = 10_430;

export interface ApprovedPatient extends IntakeDonePatient {
  stateApplicationId: string;
  consultationId: string;
}

export async function approvedPatient(
  t: TestApp,
  doctor: Client,
  opts: { mode?: 'clinic_submits' | 'patient_submits'; stateFeeCents?: number } = {},
): Promise<ApprovedPatient> {
  const patient = await queuedPatient(t.app);
  const db = t.app.ctx.db;
  const mode = opts.mode ?? 'clinic_submits';
  await db
    .update(payments)
    .set({
      stateFeeCents: mode === 'patient_submits' ? 0 : (opts.stateFeeCents ?? STATE_FEE_CENTS),
    })
    .where(eq(payments.applicationId, patient.applicationId));
  if (opts.mode)
    await db
      .update(applications)
      .set({ stateApplicationMode: opts.mode })
      .where(eq(applications.id, patient.applicationId));
  const start = await doctor.post('/api/admin/start-consultation', { queueId: patient.queueId });
  expect(start.statusCode, start.body).toBe(200);
  const end = await doctor.post('/api/admin/end-consultation', { queueId: patient.queueId });
  expect(end.statusCode, end.body).toBe(200);
  const consultationId: string = start.json().consultation.id;
  await approveRequiredDocuments(t.app, consultationId);
  const outcome = await doctor.post(`/api/admin/consultations/${consultationId}/outcome`, {
    approved: true,
    identityVerified: true,
  });
  expect(outcome.statusCode, outcome.body).toBe(200);
  const [row] = await db
    .select({ id: stateApplications.id })
    .from(stateApplications)
    .where(eq(stateApplications.applicationId, patient.applicationId));
  expect(row, 'the approval opens the state application').toBeDefined();
  return { ...patient, stateApplicationId: row!.id, consultationId };
}

export const stateApplicationRow = async (t: TestApp, id: string) =>
  (await t.app.ctx.db.select().from(stateApplications).where(eq(stateApplications.id, id)))[0]!;
