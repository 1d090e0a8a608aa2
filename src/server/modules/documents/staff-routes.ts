import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentFiltersSchema,
  PatientRecordSchema,
  PatientsQuerySchema,
  ReviewDocumentResponseSchema,
  ReviewDocumentSchema,
  StaffDocumentListSchema,
  StaffPatientListSchema,
} from '../../../shared/schemas/staff-documents.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { listReaderOf } from '../audit/list-reads.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { contentDisposition } from './routes.js';
import { listPatients, PATIENT_NOT_FOUND, patientRecord } from './staff-patients.js';
import { findStaffDocument, listStaffDocuments, reviewDocument } from './staff-service.js';

// Ruling 3: patient documents, stored documents, download, review and the patients list need
// `documents`; a doctor reaches only the patient being seen (others answer 404).

const DocumentParams = z.object({ id: z.uuid('Document not found') });
const PatientParams = z.object({ patientId: z.uuid(PATIENT_NOT_FOUND) });

export async function staffDocumentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The guard runs first (onRequest): a caller without access never sees a validation message.
  const guard = { onRequest: requireAccess('documents') };

  for (const [path, list] of [
    ['/api/admin/patient-documents', 'patient'],
    ['/api/admin/stored-documents', 'stored'],
  ] as const)
    app.get(
      path,
      {
        ...guard,
        schema: { querystring: DocumentFiltersSchema, response: { 200: StaffDocumentListSchema } },
      },
      async (request) =>
        listStaffDocuments(ctx, {
          user: currentUser(request),
          list,
          filters: request.query,
          reader: listReaderOf(request),
        }),
    );

  app.get(
    '/api/admin/download-document/:id',
    { ...guard, schema: { params: DocumentParams } },
    async (request, reply) => {
      const user = currentUser(request);
      const doc = await findStaffDocument(ctx.db, user, request.params.id);
      const stream = await ctx.blobs.get(doc.storageKey);
      await audit(ctx.db, {
        actor: { id: user.id, role: user.role },
        action: 'document.download',
        targetType: 'document',
        targetId: doc.id,
        ip: request.ip,
        patientIds: await patientUserIds(ctx.db, { profileIds: [doc.patientId] }),
      });
      return reply
        .header('Content-Type', doc.mimeType)
        .header('Content-Disposition', contentDisposition('attachment', doc.originalName))
        .header('Content-Length', doc.sizeBytes)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/api/admin/documents/:id/review',
    {
      ...guard,
      schema: {
        params: DocumentParams,
        body: ReviewDocumentSchema,
        response: { 200: ReviewDocumentResponseSchema },
      },
    },
    async (request) => {
      const document = await reviewDocument(ctx, {
        user: currentUser(request),
        id: request.params.id,
        status: request.body.status,
        note: request.body.note,
        ip: request.ip,
      });
      return {
        message: document.status === 'approved' ? 'Document approved' : 'Document rejected',
        document,
      };
    },
  );

  app.get(
    '/api/admin/patients',
    {
      ...guard,
      schema: { querystring: PatientsQuerySchema, response: { 200: StaffPatientListSchema } },
    },
    async (request) =>
      listPatients(ctx, {
        user: currentUser(request),
        search: request.query.search,
        reader: listReaderOf(request),
      }),
  );

  app.get(
    '/api/admin/patients/:patientId/record',
    { ...guard, schema: { params: PatientParams, response: { 200: PatientRecordSchema } } },
    async (request) =>
      patientRecord(ctx, {
        user: currentUser(request),
        patientId: request.params.patientId,
        ip: request.ip,
      }),
  );
}
