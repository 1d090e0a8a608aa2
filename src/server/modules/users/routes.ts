import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSetupSchema,
  CreateUserSchema,
  UpdateUserSchema,
} from '../../../shared/schemas/users.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { setupNeedsToken } from '../../first-admin.js';
import { currentUser, requireAccess } from '../../plugins/auth.js';
import { routeLimit } from '../../rate-limit/register.js';
import { audit } from '../audit/service.js';
import { startSignIn } from '../auth/mfa/sign-in.js';
import { toAdminUser } from './mappers.js';
import {
  adminExists,
  createStaffUser,
  deactivateStaffUser,
  listStaff,
  setupFirstAdmin,
  updateStaffUser,
} from './service.js';

// Lower-cased so the id compares equal to the stored one in application code too (the
// self-delete check, dropping cached sessions); PostgreSQL itself ignores a UUID's case.
const UserIdParams = z.object({
  userId: z.uuid('User not found').transform((id) => id.toLowerCase()),
});

function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function userRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/exists', async () => ({ exists: await adminExists(ctx.db) }));

  app.post(
    '/api/admin/setup',
    { schema: { body: AdminSetupSchema }, config: routeLimit(ctx.limits, 'adminSetup') },
    async (request, reply) => {
      // Ruling 18 as issue 21 amends it: in production the setup token is always required;
      // without one configured nobody may set up (main.ts refuses to start that way).
      if (setupNeedsToken(ctx.config)) {
        const given =
          request.body.setupToken ?? (request.headers['x-setup-token'] as string | undefined);
        if (!tokenMatches(given, ctx.config.ADMIN_SETUP_TOKEN)) {
          await audit(ctx.db, { action: 'admin.setup', ip: request.ip, outcome: 'denied' });
          throw new AppError('FORBIDDEN', 'A valid setup token is required');
        }
      }
      const created = await setupFirstAdmin(ctx.db, request.body, request.ip, ctx);
      // Setup signs the first admin in like a sign-in would: with STAFF_MFA required, a pending
      // session and {mfa: 'enrol'} (no user: an answer with a user means signed in), so the
      // clinic's most powerful account never has a session on a password alone (issue 13).
      const answer = await startSignIn(ctx, request, reply, created);
      return reply.status(201).send({ ...answer, message: 'Admin account created' });
    },
  );

  const guard = { onRequest: requireAccess('users') };

  app.get('/api/admin/users', guard, async () => (await listStaff(ctx.db)).map(toAdminUser));

  app.post(
    '/api/admin/users',
    { ...guard, schema: { body: CreateUserSchema } },
    async (request, reply) => {
      const created = await createStaffUser(
        ctx.db,
        currentUser(request),
        request.body,
        request.ip,
        ctx,
      );
      return reply.status(201).send(toAdminUser(created));
    },
  );

  app.put(
    '/api/admin/users/:userId',
    { ...guard, schema: { params: UserIdParams, body: UpdateUserSchema } },
    async (request) => {
      const { user, rightsChanged } = await updateStaffUser(
        ctx.db,
        currentUser(request),
        request.params.userId,
        request.body,
        request.ip,
      );
      ctx.sessions.forgetUser(user.id);
      // Sockets carry the rights they were opened with: a change of rights closes them on
      // every node; the page reconnects with what the user holds now.
      if (rightsChanged) ctx.realtime.disconnect({ userId: user.id });
      return toAdminUser(user);
    },
  );

  app.delete(
    '/api/admin/users/:userId',
    { ...guard, schema: { params: UserIdParams } },
    async (request, reply) => {
      await deactivateStaffUser(ctx.db, currentUser(request), request.params.userId, request.ip);
      await ctx.sessions.destroyAllForUser(request.params.userId);
      return reply.status(204).send();
    },
  );
}
