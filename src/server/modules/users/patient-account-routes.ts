import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PatientSearchQuerySchema } from '../../../shared/schemas/patient-accounts.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import {
  deactivatePatient,
  searchPatients,
  sendPatientPasswordReset,
  unlockPatientSignIn,
} from './patient-accounts.js';

const PatientIdParams = z.object({
  userId: z.uuid('Patient not found').transform((id) => id.toLowerCase()),
});

export async function patientAccountRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: requireAccess('patientAccounts') };

  app.get(
    '/api/admin/patient-accounts',
    { ...guard, schema: { querystring: PatientSearchQuerySchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return searchPatients(ctx, currentUser(request), request.query, request.ip);
    },
  );

  app.delete(
    '/api/admin/patient-accounts/:userId',
    { ...guard, schema: { params: PatientIdParams } },
    async (request, reply) => {
      await deactivatePatient(ctx, currentUser(request), request.params.userId, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/patient-accounts/:userId/password-reset',
    { ...guard, schema: { params: PatientIdParams } },
    async (request) => {
      await sendPatientPasswordReset(ctx, currentUser(request), request.params.userId, request.ip);
      return { message: 'A link to choose a new password is on its way to the patient.' };
    },
  );

  app.post(
    '/api/admin/patient-accounts/:userId/unlock',
    { ...guard, schema: { params: PatientIdParams } },
    async (request) => {
      await unlockPatientSignIn(ctx, currentUser(request), request.params.userId, request.ip);
      return { message: 'The patient can sign in again now.' };
    },
  );
}
