import { type I18n, setupI18n } from '@lingui/core';
import { en } from '../../shared/i18n/catalogs/en.js';
import { enEmail } from '../../shared/i18n/catalogs/en-email.js';
import { es } from '../../shared/i18n/catalogs/es.js';
import { esEmail } from '../../shared/i18n/catalogs/es-email.js';
import { compileCatalog } from '../../shared/i18n/compile-catalog.js';
import { INTL_LOCALE, type Language } from '../../shared/i18n/languages.js';
import {
  type MessageKey,
  type MessageValues,
  parseMessageRef,
} from '../../shared/i18n/message-key.js';

// The server's messages in a reader's language (issue 24): emails in the recipient account's,
// error answers in the request's (request-language.ts). One @lingui/core instance a language,
// its catalog compiled once at start.

const instance = (language: Language, raw: Readonly<Record<string, string>>): I18n =>
  setupI18n({
    locale: language,
    locales: [INTL_LOCALE[language]],
    messages: { [language]: compileCatalog(raw) },
  });

const byLanguage: Record<Language, I18n> = {
  en: instance('en', { ...en, ...enEmail }),
  es: instance('es', { ...es, ...esEmail }),
};

/** The message `key` in `language`, its values filled in. */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return byLanguage[language]._(key, values);
}

/** A text that may be a message by key (msg()): translated; any other text as it is. */
export function translateText(language: Language, text: string): string {
  const ref = parseMessageRef(text);
  return ref ? translate(language, ref.key, ref.values) : text;
}

/** A translator bound to one language, for a message built of several. */
export const translatorFor =
  (language: Language) =>
  (key: MessageKey, values?: MessageValues): string =>
    translate(language, key, values);
