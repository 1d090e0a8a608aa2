import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATEGORY_DEFINITIONS,
  DASHBOARD_TYPE_TO_CATEGORY,
  DOCUMENT_CATEGORIES,
} from '../../../shared/documents.js';
import { APPLICATION_TYPES } from '../../../shared/fees.js';
import { msg } from '../../../shared/i18n/message-key.js';
import { isOwnKey, ownEntry } from '../../../shared/own-keys.js';
import { countsForApplication } from '../../../shared/renewal.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireRole } from '../../plugins/auth.js';
import { routeLimit } from '../../rate-limit/register.js';
import { createOpenApplication } from '../applications/create.js';
import { renewalRuleOf } from '../applications/renewal-rule.js';
import { findOpenApplication, findOwnApplication } from '../applications/service.js';
import { audit } from '../audit/service.js';
import { currentPatient } from '../patients/guards.js';
import { lockPatient } from '../payments/service.js';
import {
  checkUpload,
  currentDocuments,
  findPatientDocument,
  recordDocument,
  toDashboardDocument,
  toPatientDocument,
} from './service.js';
import { receiveUpload } from './upload.js';

const Id = (what: string) => z.object({ id: z.uuid(`${what} not found`) });

/** `inline; filename=…` that survives any name: ASCII fallback plus RFC 5987 UTF-8. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function documentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patientOnly = { onRequest: requireRole('patient') };
  const uploadRoute = { ...patientOnly, config: routeLimit(ctx.limits, 'uploads') };

  // The dashboard's path: a document added to a named application (patient-side.md §5).
  app.post('/api/documents/upload', uploadRoute, async (request, reply) => {
    const patient = currentPatient(request);
    const upload = await receiveUpload(request, ctx.blobs);
    try {
      const category = ownEntry(DASHBOARD_TYPE_TO_CATEGORY, upload.fields.get('type'));
      if (!category) throw new AppError('BAD_REQUEST', msg('documents.error.fileAndType'));
      const applicationId = upload.fields.get('applicationId');
      if (!applicationId) throw new AppError('BAD_REQUEST', msg('documents.error.noApplication'));
      if (!z.uuid().safeParse(applicationId).success)
        throw new AppError('NOT_FOUND', msg('documents.error.applicationNotFound'));
      await findOwnApplication(ctx.db, patient.id, applicationId).catch(() => {
        throw new AppError('NOT_FOUND', msg('documents.error.applicationNotFound'));
      });
      await checkUpload(ctx, upload, category);
      const row = await recordDocument(ctx, {
        patientId: patient.id,
        applicationId,
        category,
        upload,
        replace: false,
        actor: { id: patient.userId, role: 'patient' },
        ip: request.ip,
      });
      return reply.status(201).send(toDashboardDocument(row));
    } catch (err) {
      await ctx.blobs.delete(upload.key);
      throw err;
    }
  });

  const listForApplication = async (patientId: string, applicationId: string) => {
    await findOwnApplication(ctx.db, patientId, applicationId);
    return (await currentDocuments(ctx.db, { patientId, applicationId })).map(toDashboardDocument);
  };
  app.get(
    '/api/documents/:id',
    { ...patientOnly, schema: { params: Id('Application') } },
    async (request) => listForApplication(currentPatient(request).id, request.params.id),
  );
  app.get(
    '/api/applications/:id/documents',
    { ...patientOnly, schema: { params: Id('Application') } },
    async (request) => listForApplication(currentPatient(request).id, request.params.id),
  );

  // The upload center's path: one current document per category, replaced in place.
  app.get('/api/patient/documents', patientOnly, async (request) => {
    const rows = await currentDocuments(ctx.db, { patientId: currentPatient(request).id });
    return rows.map(toPatientDocument);
  });

  app.get('/api/patient/application-status', patientOnly, async (request) => {
    const patient = currentPatient(request);
    const open = await findOpenApplication(ctx.db, patient.id);
    const current = await currentDocuments(ctx.db, { patientId: patient.id });
    // A renewal does not count the proof of residency and the photo its licence was issued on.
    const renewal = open ? await renewalRuleOf(ctx.db, open) : null;
    const present = new Set(current.map((d) => d.category));
    const counting = new Set(
      current
        .filter(
          (d) =>
            !renewal ||
            countsForApplication({ ...d, uploadedAt: d.uploadedAt.toISOString() }, open!, renewal),
        )
        .map((d) => d.category),
    );
    const needed = DOCUMENT_CATEGORIES.filter(
      (c) => CATEGORY_DEFINITIONS[c].inUploadCenter && CATEGORY_DEFINITIONS[c].required,
    );
    const missing = needed.filter((c) => !counting.has(c));
    return {
      applicationId: open?.id ?? null,
      requiresDocuments: !!open && missing.length > 0,
      missingCategories: missing,
      // A renewal: what is on file but from before it, to upload anew.
      ...(renewal ? { renewalNeeds: missing.filter((c) => present.has(c)) } : {}),
    };
  });

  app.post('/api/patient/upload-document', uploadRoute, async (request, reply) => {
    const patient = currentPatient(request);
    const upload = await receiveUpload(request, ctx.blobs);
    try {
      const category = upload.fields.get('category');
      if (!isOwnKey(CATEGORY_DEFINITIONS, category))
        throw new AppError('BAD_REQUEST', msg('documents.error.chooseCategory'));
      await checkUpload(ctx, upload, category);
      const actor = { id: patient.userId, role: 'patient' };
      const row = await ctx.db.transaction(async (tx) => {
        // The patient's lock before looking for the open application: two proofs sent at
        // once would otherwise both create one (a unique violation, answered 500).
        await lockPatient(tx, patient.id);
        let open = await findOpenApplication(tx, patient.id);
        // Ruling 15: the reduced-fee proof goes on the open application, created unpaid if none.
        if (!open && category === 'reduced_fee_proof') {
          const type = z
            .enum(APPLICATION_TYPES)
            .catch('new')
            .parse(upload.fields.get('applicationType'));
          open = await createOpenApplication(tx, {
            patientId: patient.id,
            type,
            reduced: true,
            actor,
            ip: request.ip,
          });
        }
        return recordDocument(ctx, {
          patientId: patient.id,
          applicationId: open?.id ?? null,
          category,
          upload,
          name: upload.fields.get('name'),
          replace: true,
          actor,
          ip: request.ip,
          tx,
        });
      });
      return reply.status(201).send(toPatientDocument(row));
    } catch (err) {
      await ctx.blobs.delete(upload.key);
      throw err;
    }
  });

  app.get(
    '/api/patient/documents/:id/view',
    { ...patientOnly, schema: { params: Id('Document') } },
    async (request, reply) => {
      const patient = currentPatient(request);
      const doc = await findPatientDocument(ctx.db, patient.id, request.params.id);
      const stream = await ctx.blobs.get(doc.storageKey);
      // Every view of a document is audited, the owner's too (ruling 17).
      await audit(ctx.db, {
        actor: { id: patient.userId, role: 'patient' },
        action: 'document.view',
        targetType: 'document',
        targetId: doc.id,
        ip: request.ip,
        patientIds: [patient.userId],
      });
      return reply
        .header('Content-Type', doc.mimeType)
        .header('Content-Disposition', contentDisposition('inline', doc.originalName))
        .header('Content-Length', doc.sizeBytes)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}
