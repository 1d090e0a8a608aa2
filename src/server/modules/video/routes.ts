import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiErrorBody } from '../../../shared/api-error.js';
import type { CurrentUser } from '../../../shared/schemas/auth.js';
import {
  type CreateVideoSessionResponse,
  CreateVideoSessionSchema,
  type GenerateConsultationUrlResponse,
  GenerateConsultationUrlSchema,
  JoinTokenRequestSchema,
  type JoinTokenResponse,
} from '../../../shared/schemas/video.js';
import { videoRoom } from '../../../shared/signalling.js';
import { type Config, publicUrlOrigin } from '../../config.js';
import type { AppContext } from '../../context.js';
import { applications, consultations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { currentUser, requireAccess, requireRole, requireUser } from '../../plugins/auth.js';
import { iceServersFor } from './ice-servers.js';
import { issueJoinToken, joinTokenKey } from './join-token.js';
import {
  CALL_ENDED,
  CONSULTATION_NOT_STARTED,
  ROOM_NOT_FOUND,
  ROOM_REFUSED,
  SESSION_FULL,
  SESSION_NOT_FOUND,
} from './messages.js';
import { describeRoom, type RoomVisitor } from './rooms.js';
import { createVideoSession, findVideoSession, listHostedSessions } from './sessions.js';

// Video sessions, join tokens and the patient's consultation link (staff-and-video.md §2 Video
// Sessions, §3, §5, §7; ruling 3: any staff member creates a session, anyone signed in joins by
// its link; ruling 8 and ADR 0008: our own rooms, tokens and links).

export const visitorOf = (user: CurrentUser): RoomVisitor => ({
  userId: user.id,
  role: user.role,
  permissions: user.permissions,
  patientId: user.patient?.id ?? null,
});

/** Absolute links use PUBLIC_URL when set, else the origin the request came to. */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  return publicUrlOrigin(config) ?? `${request.protocol}://${request.host}`;
}

const SessionParams = z.object({ id: z.string().min(1).max(100) });

export async function videoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/video/token',
    { onRequest: requireUser, schema: { body: JoinTokenRequestSchema } },
    async (request): Promise<JoinTokenResponse> => {
      const user = currentUser(request);
      const room = await describeRoom(ctx, request.body.roomId, visitorOf(user));
      if (!room) throw new AppError('NOT_FOUND', ROOM_NOT_FOUND);
      if (!room.admitted) throw new AppError('FORBIDDEN', ROOM_REFUSED);
      if (room.ended) throw new AppError('CONFLICT', CALL_ENDED);
      // The caller's own sockets (a reload, a second tab) do not keep them out.
      const inRoom = await ctx.realtime.countInRoom(videoRoom(room.id), user.id);
      if (inRoom >= room.maxParticipants) throw new AppError('CONFLICT', SESSION_FULL);
      const { token, expiresAt } = issueJoinToken(joinTokenKey(ctx.config), {
        roomId: room.id,
        userId: user.id,
      });
      return {
        token,
        expiresAt: expiresAt.toISOString(),
        iceServers: iceServersFor(ctx.config, user.id),
        room: {
          id: room.id,
          kind: room.kind,
          title: room.title,
          maxParticipants: room.maxParticipants,
          isHost: room.isHost,
          applicationId: room.applicationId,
          queueId: room.queueId,
        },
      };
    },
  );

  const staff = { onRequest: requireAccess('staff') };

  app.get('/api/video/sessions', staff, async (request) =>
    listHostedSessions(ctx, currentUser(request).id, publicOrigin(ctx.config, request)),
  );

  app.post('/api/video/sessions', staff, async (request, reply) => {
    const parsed = CreateVideoSessionSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      // The app's error body, plus `error` where the session screen reads it (§7).
      const issues = parsed.error.issues.map((i) => ({
        path: i.path.join('.'),
        message: i.message,
      }));
      const message = issues[0]?.message ?? 'Invalid request';
      const body: ApiErrorBody & { error: string } = {
        message,
        code: 'VALIDATION',
        issues,
        error: message,
      };
      return reply.status(400).send(body);
    }
    const session = await createVideoSession({
      ctx,
      actor: currentUser(request),
      ip: request.ip,
      input: parsed.data,
      origin: publicOrigin(ctx.config, request),
    });
    const answer: CreateVideoSessionResponse = { session, joinUrl: session.joinUrl };
    return reply.status(201).send(answer);
  });

  app.get(
    '/api/video/sessions/:id',
    { onRequest: requireUser, schema: { params: SessionParams } },
    async (request) => {
      const session = await findVideoSession(
        ctx,
        request.params.id,
        publicOrigin(ctx.config, request),
      );
      if (!session) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
      return session;
    },
  );

  app.post(
    '/api/doxy/generate-url',
    { onRequest: requireRole('patient'), schema: { body: GenerateConsultationUrlSchema } },
    async (request): Promise<GenerateConsultationUrlResponse> => {
      const user = currentUser(request);
      const patientId = user.patient?.id;
      const { applicationId } = request.body;
      // Another patient's application is not found, never forbidden (no leak that it exists).
      const [application] = patientId
        ? await ctx.db
            .select({ id: applications.id })
            .from(applications)
            .where(and(eq(applications.id, applicationId), eq(applications.patientId, patientId)))
            .limit(1)
        : [];
      if (!application || !patientId) throw new AppError('NOT_FOUND', 'Application not found');
      const [open] = await ctx.db
        .select({ roomId: consultations.roomId })
        .from(consultations)
        .where(
          and(
            eq(consultations.applicationId, application.id),
            eq(consultations.patientId, patientId),
            isNotNull(consultations.roomId),
            isNull(consultations.endedAt),
          ),
        )
        .orderBy(desc(consultations.startedAt))
        .limit(1);
      if (!open?.roomId) throw new AppError('CONFLICT', CONSULTATION_NOT_STARTED);
      const name = request.body.patientName?.trim() || user.patient?.firstName || user.firstName;
      const query = [
        `session=${encodeURIComponent(open.roomId)}`,
        `patient=${encodeURIComponent(name)}`,
        `applicationId=${encodeURIComponent(application.id)}`,
      ].join('&');
      return {
        patientUrl: `${publicOrigin(ctx.config, request)}/patient/video-consultation?${query}`,
      };
    },
  );
}
