import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIso } from '../../../shared/dates.js';
import {
  ConsultationIdParamsSchema,
  KeywordIdParamsSchema,
  KeywordInputSchema,
  KeywordListSchema,
  KeywordSchema,
  NoteSearchResultListSchema,
  PendingTranscriptionListSchema,
  ProcessTranscriptionSchema,
  SearchNotesQuerySchema,
  StoredTranscriptionListSchema,
  StoredTranscriptionSchema,
} from '../../../shared/schemas/transcription.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { auditListRead, listReaderOf } from '../audit/list-reads.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import { createKeyword, deleteKeyword, listKeywords, updateKeyword } from './keywords.js';
import { transcriptionPdf } from './pdf.js';
import { searchNotes } from './search.js';
import {
  listPendingTranscriptions,
  listTranscriptions,
  loadTranscription,
  processTranscription,
} from './service.js';

/** Transcriptions, keywords and note search (ruling 3: `transcriptions`, `keywords`, `search_notes`). */
export async function transcriptionRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Guards run first (onRequest): a caller without access never sees a validation message.
  const transcriptionsOnly = { onRequest: requireAccess('transcriptions') };
  const keywordsOnly = { onRequest: requireAccess('keywords') };
  const searchOnly = { onRequest: requireAccess('searchNotes') };
  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, role: user.role };
  };

  // Transcriptions ------------------------------------------------------------------------

  app.post(
    '/api/admin/process-transcription',
    {
      ...transcriptionsOnly,
      schema: {
        body: ProcessTranscriptionSchema,
        response: { 200: StoredTranscriptionSchema, 201: StoredTranscriptionSchema },
      },
    },
    async (request, reply) => {
      const { created, transcription } = await processTranscription({
        ctx,
        actor: actorOf(request),
        ip: request.ip,
        input: { ...request.body, consultationId: request.body.consultationId.toLowerCase() },
      });
      return reply.status(created ? 201 : 200).send(transcription);
    },
  );

  app.get(
    '/api/admin/transcriptions',
    { ...transcriptionsOnly, schema: { response: { 200: StoredTranscriptionListSchema } } },
    async (request) => {
      const list = await listTranscriptions(ctx.db);
      // Patient names and findings are patient data (ruling 17).
      await auditListRead(ctx, listReaderOf(request), {
        action: 'transcription.list',
        targetType: 'transcriptions',
        details: { count: list.length },
        patientIds: await patientUserIds(ctx.db, {
          consultationIds: list.map((t) => t.consultationId),
        }),
      });
      return list;
    },
  );

  app.get(
    '/api/admin/transcriptions/pending',
    { ...transcriptionsOnly, schema: { response: { 200: PendingTranscriptionListSchema } } },
    async (request) => {
      const list = await listPendingTranscriptions(ctx.db);
      await auditListRead(ctx, listReaderOf(request), {
        targetType: 'pending_transcriptions',
        details: { count: list.length },
        patientIds: await patientUserIds(ctx.db, {
          consultationIds: list.map((t) => t.consultationId),
        }),
      });
      return list;
    },
  );

  app.get(
    '/api/admin/download-transcription/:consultationId',
    { ...transcriptionsOnly, schema: { params: ConsultationIdParamsSchema } },
    async (request, reply) => {
      const consultationId = request.params.consultationId.toLowerCase();
      const { stored, row, dateOfBirth } = await loadTranscription(ctx.db, consultationId);
      const bytes = await transcriptionPdf({
        stored,
        dateOfBirth,
        summary: row.summary,
        notes: row.notes,
        rawTranscript: row.rawTranscript,
        timeZone: ctx.config.CLINIC_TIMEZONE,
      });
      await audit(ctx.db, {
        actor: actorOf(request),
        action: 'transcription.download',
        targetType: 'transcription',
        targetId: consultationId,
        ip: request.ip,
        patientIds: await patientUserIds(ctx.db, { consultationIds: [consultationId] }),
      });
      // No name in the file name: downloads folders and browser histories are not PHI stores.
      const day = todayIso(ctx.config.CLINIC_TIMEZONE, new Date(stored.consultationDate));
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="transcription-${day}-${consultationId.slice(0, 8)}.pdf"`,
        )
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );

  // Keyword Manager -----------------------------------------------------------------------

  app.get(
    '/api/admin/keywords',
    { ...keywordsOnly, schema: { response: { 200: KeywordListSchema } } },
    async () => listKeywords(ctx.db),
  );

  app.post(
    '/api/admin/keywords',
    { ...keywordsOnly, schema: { body: KeywordInputSchema, response: { 201: KeywordSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createKeyword(ctx.db, actorOf(request), request.body, request.ip)),
  );

  app.put(
    '/api/admin/keywords/:id',
    {
      ...keywordsOnly,
      schema: {
        params: KeywordIdParamsSchema,
        body: KeywordInputSchema,
        response: { 200: KeywordSchema },
      },
    },
    async (request) =>
      updateKeyword(
        ctx.db,
        actorOf(request),
        request.params.id.toLowerCase(),
        request.body,
        request.ip,
      ),
  );

  app.delete(
    '/api/admin/keywords/:id',
    { ...keywordsOnly, schema: { params: KeywordIdParamsSchema } },
    async (request, reply) => {
      await deleteKeyword(ctx.db, actorOf(request), request.params.id.toLowerCase(), request.ip);
      return reply.status(204).send();
    },
  );

  // Search notes --------------------------------------------------------------------------

  app.get(
    '/api/admin/search-notes',
    {
      ...searchOnly,
      schema: {
        querystring: SearchNotesQuerySchema,
        response: { 200: NoteSearchResultListSchema },
      },
    },
    async (request) => {
      const results = await searchNotes(ctx.db, request.query.q);
      // The query's text could itself be PHI: only its length is kept (ruling 17).
      await audit(ctx.db, {
        actor: actorOf(request),
        action: 'transcription.search',
        targetType: 'transcriptions',
        ip: request.ip,
        details: { results: results.length, queryLength: request.query.q.length },
        patientIds: await patientUserIds(ctx.db, {
          consultationIds: results.map((r) => r.consultationId),
        }),
      });
      return results;
    },
  );
}
