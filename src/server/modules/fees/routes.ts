import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_TYPES, feesResponse } from '../../../shared/fees.js';
import { parseDollars } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { currentFeeSchedule, saveFeeSchedule } from './service.js';

const dollars = z
  .string()
  .refine((v) => parseDollars(v) !== null, 'Enter an amount such as 104.00')
  .transform((v) => parseDollars(v)!);
const FeePairInput = z.object({ stateFee: dollars, serviceFee: dollars });
const FeeScheduleInput = z.record(
  z.enum(APPLICATION_TYPES),
  z.object({ standard: FeePairInput, reduced: FeePairInput }),
);

export async function feeRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/fees', async () => feesResponse(await currentFeeSchedule(ctx.db)));

  // The operator changes the schedule (ruling 4); revenue figures need `financial`.
  app.put(
    '/api/admin/fees',
    { onRequest: requireAccess('financial'), schema: { body: FeeScheduleInput } },
    async (request) => {
      const pair = (p: { stateFee: number; serviceFee: number }) => ({
        stateFeeCents: p.stateFee,
        serviceFeeCents: p.serviceFee,
      });
      const b = request.body;
      const schedule = {
        new: { standard: pair(b.new.standard), reduced: pair(b.new.reduced) },
        renewal: { standard: pair(b.renewal.standard), reduced: pair(b.renewal.reduced) },
      };
      await saveFeeSchedule(ctx.db, currentUser(request), schedule, request.ip);
      return feesResponse(schedule);
    },
  );
}
