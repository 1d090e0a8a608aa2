import { i18n, type Messages } from '@lingui/core';
import {
  INTL_LOCALE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  pickLanguage,
} from '../../../shared/i18n/languages';

// The web app's language (issue 24): one @lingui/core instance, the active language's catalog
// loaded on demand (a chunk a language, compiled at build: scripts/i18n/vite-catalogs.ts), so a
// page carries only the language it is shown in. `<html lang>` follows.

const catalogs: Record<Language, () => Promise<Messages>> = {
  en: async () => (await import('../../../shared/i18n/catalogs/en')).en as unknown as Messages,
  es: async () => (await import('../../../shared/i18n/catalogs/es')).es as unknown as Messages,
};

const loaded = new Map<Language, Promise<Messages>>();
const catalog = (language: Language) => {
  let messages = loaded.get(language);
  if (!messages) {
    messages = catalogs[language]();
    loaded.set(language, messages);
    messages.catch(() => loaded.delete(language));
  }
  return messages;
};

/** The language chosen before any session is known: the switch's cookie, else the browser's. */
export function firstLanguage(): Language {
  const cookie = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  if (isLanguage(cookie)) return cookie;
  return pickLanguage(navigator.languages) ?? 'en';
}

/** Keeps the choice for the next page load, signed in or not (a year). */
export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, read before any request.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

let activating: Promise<void> | null = null;
let latest: Language | null = null;

/**
 * Loads `language`'s catalog (once) and shows the app in it. Of two quick choices the later
 * wins, whichever catalog arrives first.
 */
export function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale === language && activating) return activating;
  latest = language;
  activating = catalog(language).then((messages) => {
    if (latest !== language) return;
    i18n.loadAndActivate({ locale: language, locales: [INTL_LOCALE[language]], messages });
    document.documentElement.lang = language;
  });
  return activating;
}

/** The active language (English until a catalog is active). */
export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** Resolves once a language is active (boot.ts started it): the first render waits for it. */
export function languageReady(): Promise<void> {
  return activating ?? activateLanguage(firstLanguage());
}

export { i18n };
