import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.js';
import { msg } from '../i18n/message-key.js';

/** PUT /api/user/language (issue 24): `en` or `es`, anything else is a 400. */
export const LanguageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: msg('errors.language.unknown') }),
});
export type LanguageChoice = z.infer<typeof LanguageChoiceSchema>;
