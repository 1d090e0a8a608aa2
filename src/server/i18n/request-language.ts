import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  pickLanguage,
} from '../../shared/i18n/languages.js';

/**
 * The language to answer a request in (issue 24): the signed-in user's stored language, else
 * the `lang` cookie the switch sets, else the browser's Accept-Language, else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const stored = request.session?.user.language;
  if (isLanguage(stored)) return stored;
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return pickLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/** The language a new account takes: the one its registration's pages were shown in. */
export function registrationLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return pickLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}
