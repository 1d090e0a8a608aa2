import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConsultationNotesResponseSchema,
  ConsultationNotesSchema,
  OutcomeRequestSchema,
} from '../../../shared/schemas/consultation-room.js';
import { ReassignPatientSchema } from '../../../shared/schemas/reassign.js';
import { RejectPatientSchema, RemovalReasonSchema } from '../../../shared/schemas/removal.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { auditListRead, listReaderOf } from '../audit/list-reads.js';
import { patientUserIds } from '../audit/patients.js';
import { announce } from './announce.js';
import { admitPatient, endConsultation, rejectPatient, startConsultation } from './lifecycle.js';
import { listMeetings, listWaitingRoom } from './meetings.js';
import { saveConsultationNotes } from './notes.js';
import { recordOutcome } from './outcome.js';
import { reassignPatient } from './reassign.js';

const QueueBody = z.object({ queueId: z.uuid('Patient not found in the queue') });
/** Removing a patient from the line says why: the patient reads it (issue 11). */
const ReasonBody = z.object({ reason: RemovalReasonSchema });
/** Starting a call for a waiting patient admits them, to this meeting's doctor when named. */
const StartBody = QueueBody.extend({ meetingId: z.uuid('Meeting not found').optional() });
const QueueParams = z.object({ queueId: z.uuid('Patient not found in the queue') });
const MeetingParams = z.object({
  meetingId: z.uuid('Meeting not found'),
  patientId: z.uuid('Patient not found in the queue'),
});

export async function consultationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = (request: FastifyRequest) => ({ ctx, actor: currentUser(request), ip: request.ip });
  const entryView = (e: { id: string; status: string }) => ({ id: e.id, status: e.status });

  app.get('/api/admin/meetings', { onRequest: requireAccess('readMeetings') }, async (request) => {
    const list = await listMeetings(ctx);
    // Patient names are patient data: each read of the waiting room is audited (ruling 17).
    await auditListRead(ctx, listReaderOf(request), {
      targetType: 'waiting_room',
      details: { patients: new Set(list.flatMap((m) => m.waitingPatients.map((p) => p.id))).size },
      patientIds: await patientUserIds(ctx.db, {
        profileIds: list.flatMap((m) => m.waitingPatients.map((p) => p.patientId)),
      }),
    });
    return list;
  });

  // The clinic-wide line on its own, for the Waiting Room page: it lists the patients even when no
  // doctor is on duty (the meetings then are none). Audited like the meetings read.
  app.get(
    '/api/admin/waiting-room',
    { onRequest: requireAccess('readMeetings') },
    async (request) => {
      const patients = await listWaitingRoom(ctx);
      await auditListRead(ctx, listReaderOf(request), {
        targetType: 'waiting_room',
        details: { patients: patients.length },
        patientIds: await patientUserIds(ctx.db, { profileIds: patients.map((p) => p.patientId) }),
      });
      return { patients };
    },
  );

  const admitOrReject = { onRequest: requireAccess('admitOrReject') };
  app.post(
    '/api/admin/admit-patient',
    { ...admitOrReject, schema: { body: QueueBody } },
    async (request) => ({
      message: 'Patient admitted',
      entry: entryView(await admitPatient({ ...base(request), queueId: request.body.queueId })),
    }),
  );
  app.post(
    '/api/admin/reject-patient',
    { ...admitOrReject, schema: { body: RejectPatientSchema } },
    async (request) => ({
      message: 'Patient rejected',
      entry: entryView(await rejectPatient({ ...base(request), ...request.body })),
    }),
  );
  app.post(
    '/api/admin/meetings/:meetingId/admit/:patientId',
    { ...admitOrReject, schema: { params: MeetingParams } },
    async (request) => ({
      message: 'Patient admitted',
      entry: entryView(
        await admitPatient({
          ...base(request),
          queueId: request.params.patientId,
          meetingId: request.params.meetingId,
        }),
      ),
    }),
  );
  app.post(
    '/api/admin/meetings/:meetingId/reject/:patientId',
    { ...admitOrReject, schema: { params: MeetingParams, body: ReasonBody } },
    async (request) => ({
      message: 'Patient rejected',
      entry: entryView(
        await rejectPatient({
          ...base(request),
          queueId: request.params.patientId,
          meetingId: request.params.meetingId,
          reason: request.body.reason,
        }),
      ),
    }),
  );

  app.post(
    '/api/admin/reassign-patient',
    { onRequest: requireAccess('reassignPatient'), schema: { body: ReassignPatientSchema } },
    async (request) => ({
      message: 'Patient reassigned',
      entry: entryView(await reassignPatient({ ...base(request), ...request.body })),
    }),
  );

  const run = { onRequest: requireAccess('runConsultation') };
  const consultationView = (c: {
    id: string;
    patientId: string;
    startedAt: Date;
    endedAt: Date | null;
    durationSeconds: number | null;
    roomId: string | null;
  }) => ({
    id: c.id,
    patientId: c.patientId,
    startedAt: c.startedAt.toISOString(),
    endedAt: c.endedAt?.toISOString() ?? null,
    durationSeconds: c.durationSeconds,
    roomId: c.roomId,
  });
  app.post(
    '/api/admin/start-consultation',
    { ...run, schema: { body: StartBody } },
    async (request) => ({
      message: 'Consultation started',
      consultation: consultationView(
        await startConsultation({ ...base(request), ...request.body }),
      ),
    }),
  );
  app.post(
    '/api/consultations/start/:queueId',
    { ...run, schema: { params: QueueParams } },
    async (request) => ({
      message: 'Consultation started',
      consultation: consultationView(
        await startConsultation({ ...base(request), queueId: request.params.queueId }),
      ),
    }),
  );
  app.post(
    '/api/admin/end-consultation',
    { ...run, schema: { body: QueueBody } },
    async (request) => {
      const consultation = await endConsultation({
        ...base(request),
        queueId: request.body.queueId,
      });
      // Only the end closes the call (issue 11): a hang-up on either side can be undone. The
      // patient hears it wherever they are (their Join goes); the room hears it and is emptied.
      if (consultation.roomId) {
        await announce(
          ctx,
          consultation.patientId,
          'call-ended',
          consultation.roomId,
          consultation.applicationId,
        );
        await ctx.realtime.closeVideoRoom(consultation.roomId, consultation.applicationId);
      }
      return { message: 'Consultation ended', consultation: consultationView(consultation) };
    },
  );

  // Start Video Call (staff-and-video.md §4): admit if needed, start, open a room, tell only
  // that patient, and answer the room for the staff member to join.
  app.post(
    '/api/admin/start-video-call',
    { ...run, schema: { body: StartBody } },
    async (request) => {
      const roomId = randomBytes(12).toString('base64url');
      const consultation = await startConsultation({ ...base(request), ...request.body, roomId });
      await announce(
        ctx,
        consultation.patientId,
        'roomID-received',
        roomId,
        consultation.applicationId,
        currentUser(request),
      );
      return {
        message: 'Consultation started',
        roomId,
        consultation: consultationView(consultation),
      };
    },
  );

  // The physician's notes, saved as they type in the room (issue 12; notes.ts).
  app.put(
    '/api/admin/consultations/:consultationId/notes',
    {
      onRequest: requireAccess('recordOutcome'),
      schema: {
        params: z.object({ consultationId: z.uuid('Consultation not found') }),
        body: ConsultationNotesSchema,
        response: { 200: ConsultationNotesResponseSchema },
      },
    },
    async (request) =>
      saveConsultationNotes({
        ctx,
        actor: currentUser(request),
        consultationId: request.params.consultationId,
        notes: request.body.notes,
      }),
  );

  app.post(
    '/api/admin/consultations/:consultationId/outcome',
    {
      onRequest: requireAccess('recordOutcome'),
      schema: {
        params: z.object({ consultationId: z.uuid('Consultation not found') }),
        body: OutcomeRequestSchema,
      },
    },
    async (request) => {
      const result = await recordOutcome({
        ...base(request),
        consultationId: request.params.consultationId,
        ...request.body,
      });
      return {
        message: request.body.approved ? 'Recommendation approved' : 'Recommendation not approved',
        applicationStatus: result.application.status,
        paymentStatus: result.application.paymentStatus,
        approvedAt: result.application.approvedAt?.toISOString() ?? null,
        documentId: result.documentId,
      };
    },
  );
}
