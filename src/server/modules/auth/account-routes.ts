import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordSchema,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordSchema,
  PASSWORD_RESET_DONE,
  ResetPasswordSchema,
} from '../../../shared/schemas/account.js';
import type { AppContext } from '../../context.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { translate, translateText } from '../../i18n/translate.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { changePassword } from './change-password.js';
import { countResetRequest, requestPasswordReset, resetPassword } from './password-reset.js';

/** Password recovery and change (issue 13). */
export async function accountRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // No account enumeration: the answer is sent before the address is even looked up, so its
  // status, body and timing cannot depend on whether an account exists; the lookup, the link
  // and its message follow off the response path. The rate limits count the request address
  // and the email asked for, both before the lookup, so they too treat every email alike.
  const resetsUnderWay = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(resetsUnderWay);
  });
  app.post(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordSchema } },
    async (request, reply) => {
      const { email } = request.body;
      await countResetRequest(ctx, email, request.ip);
      reply.send({ message: translateText(requestLanguage(request), FORGOT_PASSWORD_ANSWER) });
      const work = requestPasswordReset(ctx, email, request.ip).catch((err: unknown) =>
        request.log.error({ err }, 'password reset request failed'),
      );
      resetsUnderWay.add(work);
      await work;
      resetsUnderWay.delete(work);
      return reply;
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordSchema } },
    async (request) => {
      await resetPassword(ctx, request.body, request.ip);
      return { message: translateText(requestLanguage(request), PASSWORD_RESET_DONE) };
    },
  );

  app.post(
    '/api/auth/change-password',
    { schema: { body: ChangePasswordSchema }, onRequest: requireUser },
    async (request, reply) => {
      const user = currentUser(request);
      await changePassword(ctx, user, request.body, request.ip);
      // Every session ended with the change; this browser goes on with a new one.
      const token = await ctx.sessions.create(user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setSessionCookie(token);
      return { message: translate(requestLanguage(request), 'auth.change.done') };
    },
  );
}
