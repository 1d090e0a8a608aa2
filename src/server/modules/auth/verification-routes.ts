import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VerifyEmailSchema } from '../../../shared/schemas/account.js';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { resendVerificationEmail, verifyEmail } from './email-verification.js';

export async function verificationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The link works signed in or not (opened on another device): the token names the account.
  app.post('/api/auth/verify-email', { schema: { body: VerifyEmailSchema } }, async (request) => {
    await verifyEmail(ctx, request.body.token, request.ip);
    return { message: 'Thank you: your email address is confirmed.' };
  });

  app.post('/api/auth/verify-email/resend', { onRequest: requireUser }, async (request) => {
    const user = currentUser(request);
    await resendVerificationEmail(ctx, user, request.ip);
    return { message: `We sent a new link to ${user.email}. It works for 7 days.` };
  });
}
