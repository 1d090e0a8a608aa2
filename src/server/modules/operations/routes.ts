import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminQueueStatusSchema,
  AnalyticsQuerySchema,
  AnalyticsSchema,
  BillingQuerySchema,
  BillingVerificationSchema,
} from '../../../shared/schemas/operations.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { listReaderOf } from '../audit/list-reads.js';
import { analytics } from './analytics.js';
import { billingVerification } from './billing.js';
import { consoleCountsRoutes } from './console-counts.js';
import { adminQueueStatus } from './queue-status.js';

/**
 * Operations dashboards and analytics (staff-and-video.md §2 Automated Operations Dashboard,
 * Production Operations Center; ruling 3: `analytics`, revenue needs `financial`). Answers are
 * aggregates, except the queue status, which names its patients and so audits each read.
 */
export async function operationsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/queue-status',
    {
      onRequest: requireAccess('analytics'),
      schema: { response: { 200: AdminQueueStatusSchema } },
    },
    async (request) => adminQueueStatus(ctx, listReaderOf(request)),
  );

  app.get(
    '/api/admin/billing-verification',
    {
      onRequest: requireAccess('financial'),
      schema: { querystring: BillingQuerySchema, response: { 200: BillingVerificationSchema } },
    },
    async (request) =>
      billingVerification(ctx, { user: currentUser(request), days: request.query.days }),
  );

  app.get(
    '/api/admin/analytics',
    {
      onRequest: requireAccess('analytics'),
      schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsSchema } },
    },
    async (request) => analytics(ctx, { user: currentUser(request), days: request.query.days }),
  );

  await consoleCountsRoutes(fastify, ctx);
}
