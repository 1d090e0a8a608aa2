import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api-error.js';
import { AppError } from '../errors.js';
import { requestLanguage } from '../i18n/request-language.js';
import { translateText } from '../i18n/translate.js';
import { TooManyRequests } from '../rate-limit/too-many.js';

// One place maps every error to the API's error body (DESIGN.md conventions). Validation
// failures answer 400 with the first issue as the message and every issue listed; anything
// unexpected answers 500 without details (the log keeps its code and message, no PHI).

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A download that failed before its first byte has its file's headers set already: the
    // error body is JSON, and not an attachment.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    // A message given by key (msg()) is answered in the request's language (issue 24).
    const inLanguage = (text: string) => translateText(requestLanguage(request), text);
    if (error instanceof AppError) {
      if (error instanceof TooManyRequests) reply.header('Retry-After', error.retryAfterSeconds);
      const body: ApiErrorBody = { message: inLanguage(error.message), code: error.code };
      if (error.issues)
        body.issues = error.issues.map((i) => ({ ...i, message: inLanguage(i.message) }));
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: inLanguage(v.message ?? 'Invalid value'),
      }));
      const body: ApiErrorBody = {
        message: issues[0]?.message ?? 'Invalid request',
        code: 'VALIDATION',
        issues,
      };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.message;
      return reply.status(status).send({ message, code: error.code ?? 'BAD_REQUEST' });
    }
    // Code and message only (logging.ts errorForLog): a database error's values stay out.
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
