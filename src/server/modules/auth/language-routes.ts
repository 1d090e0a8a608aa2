import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LANGUAGE_COOKIE } from '../../../shared/i18n/languages.js';
import { LanguageChoiceSchema } from '../../../shared/schemas/language.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { currentUser, requireUser } from '../../plugins/auth.js';

/** A year: the choice outlives any session, and the account keeps it anyway. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * PUT /api/user/language (issue 24): the signed-in user's language for pages and emails. The
 * `lang` cookie follows it, so a page opened before the session is known is already in it.
 */
export async function languageRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/user/language',
    { onRequest: requireUser, schema: { body: LanguageChoiceSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { language } = request.body;
      await ctx.db
        .update(users)
        .set({ language, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      // The session's cached user carries the language (GET /api/user, request-language.ts).
      ctx.sessions.forgetUser(user.id);
      reply.setCookie(LANGUAGE_COOKIE, language, {
        path: '/',
        sameSite: 'lax',
        maxAge: LANGUAGE_COOKIE_SECONDS,
      });
      return { language };
    },
  );
}
