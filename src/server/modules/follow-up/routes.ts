import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConsultationStatusListSchema,
  DocumentsCollectedResponseSchema,
  DocumentsCollectedSchema,
  IdSchema,
  InitiateDocumentCollectionResponseSchema,
  InitiateDocumentCollectionSchema,
  PostConsultationTaskListSchema,
} from '../../../shared/schemas/follow-up.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { auditListRead, listReaderOf } from '../audit/list-reads.js';
import { patientUserIds } from '../audit/patients.js';
import {
  initiateDocumentCollection,
  listConsultationStatuses,
  listPostConsultationTasks,
  markDocumentsCollected,
} from './service.js';

// `:id`, as the applications module names the same path segment (one router node).
const ApplicationParams = z.object({ id: IdSchema('Application not found') });

/** Post-consultation follow-up (staff-and-video.md §2 Post-Consultation; ruling 3). */
export async function followUpRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The guard runs first (onRequest): a caller without access never sees a validation message.
  const guard = { onRequest: requireAccess('postConsultation') };
  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, role: user.role };
  };

  /** Names and contact details are patient data: one audit row per read (ruling 17). */
  const auditRead = async (
    request: FastifyRequest,
    targetType: string,
    list: readonly { applicationId: string }[],
  ) =>
    auditListRead(ctx, listReaderOf(request), {
      targetType,
      details: { count: list.length },
      patientIds: await patientUserIds(ctx.db, {
        applicationIds: list.map((r) => r.applicationId),
      }),
    });

  app.get(
    '/api/admin/consultation-statuses',
    { ...guard, schema: { response: { 200: ConsultationStatusListSchema } } },
    async (request) => {
      const list = await listConsultationStatuses(ctx);
      await auditRead(request, 'consultation_statuses', list);
      return list;
    },
  );

  app.get(
    '/api/admin/post-consultation-tasks',
    {
      onRequest: requireAccess('postConsultationBoard'),
      schema: { response: { 200: PostConsultationTaskListSchema } },
    },
    async (request) => {
      const list = await listPostConsultationTasks(ctx);
      await auditRead(request, 'post_consultation_tasks', list);
      return list;
    },
  );

  app.post(
    '/api/admin/initiate-document-collection',
    {
      ...guard,
      schema: {
        body: InitiateDocumentCollectionSchema,
        response: { 201: InitiateDocumentCollectionResponseSchema },
      },
    },
    async (request, reply) => {
      const task = await initiateDocumentCollection({
        ctx,
        actor: actorOf(request),
        ...request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ message: 'Document collection started', task });
    },
  );

  app.patch(
    '/api/applications/:id/status',
    {
      ...guard,
      schema: {
        params: ApplicationParams,
        body: DocumentsCollectedSchema,
        response: { 200: DocumentsCollectedResponseSchema },
      },
    },
    async (request) => {
      const applicationId = request.params.id;
      const { task } = await markDocumentsCollected({
        ctx,
        actor: actorOf(request),
        applicationId,
        ip: request.ip,
      });
      return {
        message: 'Status Updated',
        application: { id: applicationId, status: 'documents_collected' as const },
        task,
      };
    },
  );
}
