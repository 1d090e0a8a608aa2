import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msg } from '../../../shared/i18n/message-key.js';
import { AuthRegisterSchema, LoginSchema, RegisterSchema } from '../../../shared/schemas/auth.js';
import { SESSION_PROBE_PATH, type SessionProbe } from '../../../shared/session-probe.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { registrationLanguage } from '../../i18n/request-language.js';
import { currentUser, SESSION_COOKIE } from '../../plugins/auth.js';
import { routeLimit } from '../../rate-limit/register.js';
import { audit } from '../audit/service.js';
import { loadCurrentUser } from '../users/queries.js';
import { startSignIn } from './mfa/sign-in.js';
import { authenticate, registerPatient } from './service.js';

/** Starts a fresh session (a new token at every sign-in) and answers with the user. */
export async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await ctx.sessions.destroy(old);
  const token = await ctx.sessions.create(userId, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  reply.setSessionCookie(token);
  const user = await loadCurrentUser(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', msg('auth.error.accountUnavailable'));
  return user;
}

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const registration = routeLimit(ctx.limits, 'registration');

  // Two routes for one sign-up (spec's two forms), sharing the registration limit.
  for (const [url, body] of [
    ['/api/register', RegisterSchema],
    ['/api/auth/register', AuthRegisterSchema],
  ] as const)
    app.post(url, { schema: { body }, config: registration }, async (request, reply) => {
      const created = await registerPatient(
        ctx.db,
        request.body,
        request.ip,
        ctx,
        registrationLanguage(request),
      );
      const user = await signIn(ctx, request, reply, created.id);
      return reply.status(201).send({ user, message: 'Account created' });
    });

  // Signing in again is open to a pending second-factor session (it replaces it), and so is
  // signing out: the way to cancel a sign-in that cannot finish (no phone at hand).
  const pendingToo = { mfaPending: true };

  // Staff answer {mfa} with a pending session until their second factor (mfa/sign-in.ts).
  app.post(
    '/api/login',
    { schema: { body: LoginSchema }, config: pendingToo },
    async (request, reply) => {
      const found = await authenticate(ctx.db, ctx.loginThrottle, request.body, request.ip);
      return startSignIn(ctx, request, reply, found);
    },
  );

  app.post('/api/logout', { config: pendingToo }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (request.session) {
      await audit(ctx.db, {
        actor: { id: request.session.user.id, role: request.session.user.role },
        action: 'auth.logout',
        targetType: 'user',
        targetId: request.session.user.id,
        ip: request.ip,
      });
    }
    if (token) await ctx.sessions.destroy(token);
    reply.clearSessionCookie();
    return { message: 'Logged out' };
  });

  // A patient reading their own profile is not audited (ruling 17).
  const me = async (request: FastifyRequest) => currentUser(request);
  app.get('/api/user', me);
  app.get('/api/auth/user', me);
  // The web app's question (issue 21): signed out is an answer here, not an error. A sign-in
  // waiting for its second factor still gets 401 MFA_REQUIRED (plugins/auth.ts), sending it to /mfa.
  app.get(
    SESSION_PROBE_PATH,
    async (request): Promise<SessionProbe> => ({
      user: request.session?.user ?? null,
    }),
  );
}
