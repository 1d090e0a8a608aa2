// The languages a patient can use (issue 24). One list for the server (stored language,
// request language, emails) and the web app (the switch, the catalog to load).

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
};

/**
 * The locale Intl formats with: Oklahoma's Spanish speakers read dollars as "$65.00" and dates
 * as in the United States' Spanish, not Spain's ("65,00 US$").
 */
export const INTL_LOCALE: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es-US' };

/** The cookie a visitor's choice is kept in before sign-in (and beside the account after). */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored language as one of ours (the database checks it; anything else reads as English). */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * The best of our languages for an Accept-Language header or navigator.languages, by quality
 * then order; a regional tag counts for its language (es-MX is es). None: null.
 */
export function pickLanguage(accepted: string | readonly string[] | undefined): Language | null {
  if (!accepted) return null;
  const ranges =
    typeof accepted === 'string'
      ? accepted.split(',').map((part, index) => {
          const [tag = '', ...params] = part.trim().split(';');
          const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
          return { tag, q: q === undefined ? 1 : Number(q), index };
        })
      : accepted.map((tag, index) => ({ tag, q: 1, index }));
  const best = ranges
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((r) => r.tag.toLowerCase().split('-')[0])
    .find(isLanguage);
  return best ?? null;
}
