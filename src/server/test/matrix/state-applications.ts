import { eq } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates.js';
import { submitByFor } from '../../../shared/state-application.js';
import { payments, stateApplications } from '../../db/schema/index.js';
import type { TestApp } from '../harness.js';
import { seedJourney } from './operations.js';
import type { Endpoint } from './types.js';

// The State Applications desk (issue 22): document staff without doctors; the state fee's
// refund needs `financial` too. Each changing call gets an application of its own.

const BASE = '/api/admin/state-applications';

/**
 * An approved patient's OMMA application on the desk at `status`, seeded straight into the
 * database (fast: one per call and principal). The desk's own tests build theirs through the
 * approval (state-applications/*.test.ts).
 */
export async function seededDeskApplication(
  t: TestApp,
  status: 'preparing' | 'submitted' | 'approved' = 'preparing',
): Promise<{ id: string; signedOn: string }> {
  const at = new Date();
  const seeded = await seedJourney(t, {
    registeredAt: at,
    payment: { cents: 13_730, at },
  });
  await t.app.ctx.db
    .update(payments)
    .set({ stateFeeCents: 10_430 })
    .where(eq(payments.applicationId, seeded.applicationId));
  const signedOn = todayIso(t.app.ctx.config.CLINIC_TIMEZONE);
  const [row] = await t.app.ctx.db
    .insert(stateApplications)
    .values({
      applicationId: seeded.applicationId,
      patientId: seeded.patientId,
      mode: 'clinic_submits',
      status,
      signedOn,
      submitBy: submitByFor(signedOn),
      stateFeeCents: 10_430,
      stateFeeStatus: status === 'preparing' ? 'held' : 'paid',
      ...(status === 'preparing' ? {} : { submittedOn: signedOn, ommaApplicationNumber: 'P-1' }),
    })
    .returning({ id: stateApplications.id });
  return { id: row!.id, signedOn };
}

const at = (id: string, step = '') => `${BASE}/${id}${step}`;

export const STATE_APPLICATION_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: BASE, access: 'stateApplications', ok: 200 },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    access: 'stateApplications',
    ok: 200,
    prepare: async (t) => ({ url: at((await seededDeskApplication(t)).id) }),
  },
  {
    method: 'GET',
    path: `${BASE}/:id/packet`,
    access: 'stateApplications',
    ok: 200,
    prepare: async (t) => ({ url: at((await seededDeskApplication(t)).id, '/packet') }),
  },
  {
    method: 'PUT',
    path: `${BASE}/:id/checklist`,
    access: 'stateApplications',
    ok: 200,
    prepare: async (t) => ({
      url: at((await seededDeskApplication(t)).id, '/checklist'),
      payload: { checked: ['id_valid'] },
    }),
  },
  {
    method: 'POST',
    path: `${BASE}/:id/submitted`,
    access: 'stateApplications',
    ok: 200,
    prepare: async (t) => {
      const { id, signedOn } = await seededDeskApplication(t);
      return {
        url: at(id, '/submitted'),
        payload: {
          ommaApplicationNumber: 'PAT-2026-1',
          submittedOn: signedOn,
          stateFeeReference: 'OMMA-PAY-1',
        },
      };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/:id/decision`,
    access: 'stateApplications',
    ok: 200,
    prepare: async (t) => ({
      url: at((await seededDeskApplication(t, 'submitted')).id, '/decision'),
      payload: { outcome: 'rejected', reason: 'Photo unclear', documentsNeeded: ['photo'] },
    }),
  },
  {
    method: 'POST',
    path: `${BASE}/:id/card-mailed`,
    access: 'stateApplications',
    ok: 200,
    prepare: async (t) => {
      const { id, signedOn } = await seededDeskApplication(t, 'approved');
      return { url: at(id, '/card-mailed'), payload: { mailedOn: signedOn } };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/:id/refund-state-fee`,
    access: 'stateFeeRefund',
    ok: 200,
    prepare: async (t) => ({
      url: at((await seededDeskApplication(t)).id, '/refund-state-fee'),
      payload: { reason: 'Not submitted in time' },
    }),
  },
];
