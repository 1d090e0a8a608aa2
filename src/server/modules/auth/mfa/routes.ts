import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MfaCodeSchema } from '../../../../shared/schemas/account.js';
import type { AppContext } from '../../../context.js';
import { currentUser, requireAccess } from '../../../plugins/auth.js';
import { toAdminUser } from '../../users/mappers.js';
import { resetMfa } from './reset.js';
import { finishEnrolment, passChallenge, startSetup } from './service.js';

// The second-factor routes (issue 13). The first three are the only ones a pending session
// reaches (with sign-in and sign-out: plugins/auth.ts reads `mfaPending`).

const UserIdParams = z.object({
  userId: z.uuid('User not found').transform((id) => id.toLowerCase()),
});

export async function mfaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pending = { mfaPending: true };

  app.post('/api/auth/mfa/setup', { config: pending }, async (request, reply) =>
    startSetup({ ctx, request, reply }),
  );

  app.post(
    '/api/auth/mfa/verify',
    { config: pending, schema: { body: MfaCodeSchema } },
    async (request, reply) => finishEnrolment({ ctx, request, reply }, request.body.code),
  );

  app.post(
    '/api/auth/mfa/challenge',
    { config: pending, schema: { body: MfaCodeSchema } },
    async (request, reply) => passChallenge({ ctx, request, reply }, request.body.code),
  );

  app.post(
    '/api/admin/users/:userId/mfa/reset',
    { onRequest: requireAccess('resetMfa'), schema: { params: UserIdParams } },
    async (request) => {
      const user = await resetMfa(ctx.db, currentUser(request), request.params.userId, request.ip);
      // Signed out everywhere: the next sign-in enrols a new authenticator.
      await ctx.sessions.destroyAllForUser(user.id);
      return toAdminUser(user);
    },
  );
}
