import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feeCovered } from '../../../shared/payment-status.js';
import { JoinQueueSchema } from '../../../shared/queue.js';
import type { AppContext } from '../../context.js';
import { requireRole } from '../../plugins/auth.js';
import { findOwnApplication } from '../applications/service.js';
import { currentPatient } from '../patients/guards.js';
import { lockPatient } from '../payments/service.js';
import { joinQueue, leaveQueue } from './service.js';

export async function queueRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patientOnly = { onRequest: requireRole('patient') };

  app.post(
    '/api/queue/join',
    { ...patientOnly, schema: { body: JoinQueueSchema } },
    async (request, reply) => {
      const patient = currentPatient(request);
      const { created } = await ctx.db.transaction(async (tx) => {
        await lockPatient(tx, patient.id);
        const application = await findOwnApplication(tx, patient.id, request.body.applicationId);
        return joinQueue(tx, {
          patientId: patient.id,
          applicationId: application.id,
          // Paid and not yet seen: a consultation moves the status on, and a second one needs a
          // new application.
          paid: feeCovered(application.paymentStatus) && application.status === 'payment_completed',
          actor: { id: patient.userId, role: 'patient' },
          ip: request.ip,
        });
      });
      if (created) ctx.queue.invalidate();
      return reply.status(created ? 201 : 200).send(await ctx.queue.statusFor(patient.id));
    },
  );

  app.post('/api/queue/leave', patientOnly, async (request) => {
    const patient = currentPatient(request);
    await leaveQueue(ctx.db, {
      patientId: patient.id,
      actor: { id: patient.userId, role: 'patient' },
      ip: request.ip,
    });
    ctx.queue.invalidate();
    return { message: 'You have left the queue' };
  });

  // The hot read every waiting patient polls: session from memory, status from the snapshot.
  app.get('/api/queue/status', patientOnly, async (request) =>
    ctx.queue.statusFor(currentPatient(request).id),
  );
}
