import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feesResponse } from '../../../shared/fees.js';
import { FeeScheduleInputSchema, scheduleFromInput } from '../../../shared/schemas/fees.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { currentFeeSchedule, feeScheduleHistory, saveFeeSchedule } from './service.js';

export async function feeRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/fees', async () => feesResponse(await currentFeeSchedule(ctx.db)));

  // The operator changes the schedule (ruling 4); revenue figures need `financial`.
  app.put(
    '/api/admin/fees',
    { onRequest: requireAccess('financial'), schema: { body: FeeScheduleInputSchema } },
    async (request) => {
      const saved = await saveFeeSchedule(
        ctx.db,
        currentUser(request),
        scheduleFromInput(request.body),
        request.ip,
      );
      return feesResponse(saved);
    },
  );

  // Who changed the schedule, when, and from what to what (issue 12). No patient data.
  app.get('/api/admin/fees/history', { onRequest: requireAccess('financial') }, async () =>
    feeScheduleHistory(ctx.db),
  );
}
