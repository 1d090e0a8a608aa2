import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_RECORDING_CHUNK_BYTES } from '../../../shared/schemas/video.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { currentUser, requireAccess, requireUser } from '../../plugins/auth.js';
import { patientUserIds } from '../audit/patients.js';
import { audit } from '../audit/service.js';
import {
  addChunk,
  chunkKeys,
  chunkRefusal,
  completeFile,
  listRecordingFiles,
  ownFile,
  RECORDING_FILE_NOT_FOUND,
} from './recordings.js';

// Recording chunks in, recordings out (staff-and-video.md §4 Recording, §7; issue 5). Each
// participant's browser sends its own stream's chunks every 3 s, in order, while the
// recording runs (recordings.ts chunkRefusal); they are stored encrypted like documents.
// Staff with ACCESS.recordings list and download them; every read is audited (ruling 17).

export const CHUNK_EMPTY = 'The chunk is empty';

const FileParams = z.object({ fileId: z.string().uuid(RECORDING_FILE_NOT_FOUND) });
// Chunk numbers run from 0 and must be the file's next (recordings.ts); the ceiling only
// keeps the number sane: 100,000 chunks of 3 s are more than 80 hours.
const ChunkQuery = z.object({
  seq: z.coerce
    .number({ message: 'seq must be a number' })
    .int('seq must be a whole number')
    .min(0, 'seq must be 0 or more')
    .max(100_000, 'seq is too large'),
});
const ListQuery = z.object({ roomId: z.string().min(1).max(100).optional() });

export async function recordingRoutes(fastify: FastifyInstance, ctx: AppContext) {
  // Chunks arrive as raw bytes; only this scope takes them, up to the chunk limit.
  await fastify.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: MAX_RECORDING_CHUNK_BYTES },
      (_req, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/video/recordings/:fileId/chunks',
      { onRequest: requireUser, schema: { params: FileParams, querystring: ChunkQuery } },
      async (request, reply) => {
        const user = currentUser(request);
        const file = await ownFile(ctx, request.params.fileId, user.id);
        if (!file) throw new AppError('NOT_FOUND', RECORDING_FILE_NOT_FOUND);
        if (!Buffer.isBuffer(request.body))
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the chunk as application/octet-stream',
          );
        if (request.body.length === 0) throw new AppError('BAD_REQUEST', CHUNK_EMPTY);
        const chunk = { fileId: file.id, seq: request.query.seq, size: request.body.length };
        // Refused before anything is written; asked again under the file's lock when stored.
        const refused = await chunkRefusal(ctx.db, chunk);
        if (refused) throw refused;
        const stored = await ctx.blobs.put(Readable.from([request.body]));
        await addChunk(ctx, { ...chunk, storageKey: stored.key }).catch(async (error: unknown) => {
          await ctx.blobs.delete(stored.key);
          throw error;
        });
        return reply.status(201).send({ seq: request.query.seq, size: stored.size });
      },
    );
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/video/recordings/:fileId/complete',
    { onRequest: requireUser, schema: { params: FileParams } },
    async (request) => {
      const file = await ownFile(ctx, request.params.fileId, currentUser(request).id);
      if (!file) throw new AppError('NOT_FOUND', RECORDING_FILE_NOT_FOUND);
      if (file.status !== 'complete') await completeFile(ctx, file.id);
      return { ok: true };
    },
  );

  const staff = { onRequest: requireAccess('recordings') };

  app.get(
    '/api/admin/recordings',
    { ...staff, schema: { querystring: ListQuery } },
    async (request) => {
      const user = currentUser(request);
      const files = await listRecordingFiles(ctx, user, { roomId: request.query.roomId });
      await audit(ctx.db, {
        actor: { id: user.id, role: user.role },
        action: 'recording.list',
        targetType: 'recording',
        ip: request.ip,
        patientIds: await patientUserIds(ctx.db, { recordingIds: files.map((f) => f.recordingId) }),
        details: { count: files.length },
      });
      return files;
    },
  );

  app.get(
    '/api/admin/recordings/:fileId/download',
    { ...staff, schema: { params: FileParams } },
    async (request, reply) => {
      const user = currentUser(request);
      const [file] = await listRecordingFiles(ctx, user, { fileId: request.params.fileId });
      if (!file) throw new AppError('NOT_FOUND', RECORDING_FILE_NOT_FOUND);
      const keys = await chunkKeys(ctx, file.id);
      await audit(ctx.db, {
        actor: { id: user.id, role: user.role },
        action: 'recording.download',
        targetType: 'recording_file',
        targetId: file.id,
        ip: request.ip,
        patientIds: await patientUserIds(ctx.db, { recordingIds: [file.recordingId] }),
      });
      const extension = file.mimeType.includes('mp4') ? 'mp4' : 'webm';
      // No name in the file name: downloads folders and browser histories are not PHI stores.
      const name = `recording-${file.videoType}-${file.startTime.slice(0, 10)}-${file.id.slice(0, 8)}.${extension}`;
      return reply
        .header('Content-Type', file.mimeType.split(';')[0]!)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(concatenate(ctx, keys));
    },
  );
}

/** The decrypted chunks one after another, read one at a time. */
function concatenate(ctx: AppContext, keys: string[]): PassThrough {
  const out = new PassThrough();
  void (async () => {
    for (const key of keys) {
      const part = await ctx.blobs.get(key);
      for await (const chunk of part)
        if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
    }
    out.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
