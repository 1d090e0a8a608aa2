import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS, allows } from '../../../shared/roles.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import {
  CONSOLE_COUNTS_PATH,
  type ConsoleCounts,
  ConsoleCountsSchema,
} from '../../../shared/schemas/console-counts.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { countDocumentsToReview } from '../documents/staff-service.js';
import { listPostConsultationTasks } from '../follow-up/service.js';
import { countUrgentStateApplications } from '../state-applications/queries.js';

// The staff console's sidebar badges (issue 12). Each count comes from the same definition as
// the list it stands for, and only for a user allowed to open that list (ruling 3's table);
// the others are null. Numbers only: nothing here names a patient, so nothing is audited.

export async function consoleCounts(ctx: AppContext, user: CurrentUser): Promise<ConsoleCounts> {
  const may = (rule: (typeof ACCESS)[keyof typeof ACCESS]) => allows(rule, user);
  const [waiting, followUp, documentsToReview, stateApplicationsDue] = await Promise.all([
    may(ACCESS.admitOrReject) ? ctx.queue.waitingCount() : null,
    may(ACCESS.postConsultation)
      ? listPostConsultationTasks(ctx).then((tasks) => tasks.length)
      : null,
    may(ACCESS.documents) ? countDocumentsToReview(ctx.db, user) : null,
    may(ACCESS.stateApplications) ? countUrgentStateApplications(ctx) : null,
  ]);
  return { waiting, followUp, documentsToReview, stateApplicationsDue };
}

export async function consoleCountsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    CONSOLE_COUNTS_PATH,
    // Every staff member has a console; what each may count is decided per count above.
    { onRequest: requireAccess('staff'), schema: { response: { 200: ConsoleCountsSchema } } },
    async (request) => consoleCounts(ctx, currentUser(request)),
  );
}
