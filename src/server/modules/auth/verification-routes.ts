import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_VERIFICATION_TTL_MS, VerifyEmailSchema } from '../../../shared/schemas/account.js';
import type { AppContext } from '../../context.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { translate } from '../../i18n/translate.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { resendVerificationEmail, verifyEmail } from './email-verification.js';

const DAY_MS = 24 * 60 * 60_000;

export async function verificationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The link works signed in or not (opened on another device): the token names the account.
  app.post('/api/auth/verify-email', { schema: { body: VerifyEmailSchema } }, async (request) => {
    await verifyEmail(ctx, request.body.token, request.ip);
    return { message: translate(requestLanguage(request), 'auth.verify.confirmed') };
  });

  app.post('/api/auth/verify-email/resend', { onRequest: requireUser }, async (request) => {
    const user = currentUser(request);
    await resendVerificationEmail(ctx, user, request.ip);
    const days = Math.round(EMAIL_VERIFICATION_TTL_MS / DAY_MS);
    return {
      message: translate(requestLanguage(request), 'auth.verify.resent', {
        email: user.email,
        days,
      }),
    };
  });
}
