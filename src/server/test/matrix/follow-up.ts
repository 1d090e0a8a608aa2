import { endConsultation, startConsultation } from '../../modules/consultations/lifecycle.js';
import { recordOutcome } from '../../modules/consultations/outcome.js';
import { loadCurrentUser } from '../../modules/users/queries.js';
import type { TestApp } from '../harness.js';
import { approveRequiredDocuments, paidPatient } from '../patients.js';
import { duty } from './consultation-fixtures.js';
import type { Endpoint } from './types.js';

/**
 * A consultation the duty doctor has started and ended (a fresh patient each time), its
 * recommendation approved unless told otherwise.
 */
export async function completedConsultation(t: TestApp, opts: { approved?: boolean } = {}) {
  const patient = await paidPatient(t.app);
  const actor = (await loadCurrentUser(t.app.ctx.db, duty.doctorId))!;
  const base = { ctx: t.app.ctx, actor, ip: '127.0.0.1', queueId: patient.queue.id };
  const consultation = await startConsultation(base);
  await endConsultation(base);
  if (opts.approved !== false) await approveRequiredDocuments(t.app, consultation.id);
  if (opts.approved !== false)
    await recordOutcome({
      ...base,
      consultationId: consultation.id,
      approved: true,
      identityVerified: true,
    });
  return { patient, consultationId: consultation.id, applicationId: patient.application.id };
}

export const FOLLOW_UP_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/admin/consultation-statuses', access: 'postConsultation', ok: 200 },
  {
    method: 'GET',
    path: '/api/admin/post-consultation-tasks',
    access: 'postConsultationBoard',
    ok: 200,
  },
  {
    method: 'POST',
    path: '/api/admin/initiate-document-collection',
    access: 'postConsultation',
    ok: 201,
    prepare: async (t) => {
      const { applicationId, consultationId } = await completedConsultation(t);
      return { payload: { applicationId, consultationId } };
    },
  },
  {
    // types.ts lists no PATCH yet; the matrix test passes the method to inject as it is.
    method: 'PATCH',
    path: '/api/applications/:id/status',
    access: 'postConsultation',
    ok: 200,
    prepare: async (t) => {
      const { applicationId } = await completedConsultation(t);
      return {
        url: `/api/applications/${applicationId}/status`,
        payload: { status: 'documents_collected' },
      };
    },
  },
];
