import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findRefusedCharacter, refusedCharacterMessage } from '../../shared/refused-characters.js';
import { AppError } from '../errors.js';

// Every route's text inputs refuse C0 control characters other than TAB, LF and CR, and
// unpaired surrogates (src/shared/refused-characters.ts). Checked once for all routes, just before validation
// (after the guards, so a caller without access learns nothing): route parameters, the
// query string and a parsed body, strings at any depth, whether or not the route declares a
// schema for them. Multipart fields are checked where they are read (documents/upload.ts).

const PARTS = ['params', 'query', 'body'] as const;

export function registerTextInputRule(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => done(refusal(request)));
}

function refusal(request: FastifyRequest): AppError | undefined {
  for (const part of PARTS) {
    const path = findRefusedCharacter(request[part]);
    if (path) return refusedCharacterError(path.length ? path.join('.') : part);
  }
  return undefined;
}

/** The 400 for a refused field: `field` is its path, `label` how the message names it. */
export function refusedCharacterError(field: string, label = field): AppError {
  const message = refusedCharacterMessage(label);
  return new AppError('VALIDATION', message, [{ path: field, message }]);
}
