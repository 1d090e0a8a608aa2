import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DoctorConsultationListSchema,
  DoctorConsultationsQuerySchema,
  DoctorQueueSchema,
  DoctorStatsSchema,
} from '../../../shared/schemas/operations.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireRole } from '../../plugins/auth.js';
import { listReaderOf } from '../audit/list-reads.js';
import { doctorConsultations, doctorQueue, doctorStats } from './service.js';

/**
 * The Doctor Dashboard's queue, consultations and figures (staff-and-video.md §2: "doctor
 * role only"; polled every 10 s, §9). No ACCESS rule is doctor-only (recordOutcome admits a
 * doctor_admin too), so these routes check the role itself; their own permission table is
 * doctor-only.test.ts.
 */
export async function doctorRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const doctorOnly = { onRequest: requireRole('doctor') };

  app.get(
    '/api/doctor/queue',
    { ...doctorOnly, schema: { response: { 200: DoctorQueueSchema } } },
    async (request) =>
      doctorQueue(ctx, { doctor: currentUser(request), reader: listReaderOf(request) }),
  );

  app.get(
    '/api/doctor/consultations',
    {
      ...doctorOnly,
      schema: {
        querystring: DoctorConsultationsQuerySchema,
        response: { 200: DoctorConsultationListSchema },
      },
    },
    async (request) =>
      doctorConsultations(ctx, {
        doctor: currentUser(request),
        scope: request.query.scope,
        reader: listReaderOf(request),
      }),
  );

  app.get(
    '/api/doctor/stats',
    { ...doctorOnly, schema: { response: { 200: DoctorStatsSchema } } },
    async (request) => doctorStats(ctx, currentUser(request)),
  );
}
