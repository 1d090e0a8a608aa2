import type { en } from './catalogs/en.js';
import type { enEmail } from './catalogs/en-email.js';

/** Every message's key: the English catalogs' (catalogs/en.ts, catalogs/en-email.ts). */
export type MessageKey = keyof typeof en | keyof typeof enEmail;

/** Values an ICU message takes: {name}, {count, plural, ...}, {role, select, ...}. */
export type MessageValues = Record<string, string | number>;

/** The pages' catalog: every key pages and the API use, its ICU message in one language. */
export type Catalog = Record<keyof typeof en, string>;

/** The emails' catalog (server only). */
export type EmailCatalog = Record<keyof typeof enEmail, string>;

// A message a schema or a service gives by key, carried as a string where the code expects a
// string (zod's issue messages, AppError's message), and put in the reader's language where it
// is shown: the server's error answers (plugins/errors.ts), the web app's form errors.
const REF = 'i18n:';

/** A message by key, as a string to translate where it is shown. */
export function msg(key: MessageKey, values?: MessageValues): string {
  return values ? `${REF}${key}${JSON.stringify(values)}` : `${REF}${key}`;
}

/** The key and values of a string msg() made; null for any other text. */
export function parseMessageRef(
  text: string,
): { key: MessageKey; values: MessageValues | undefined } | null {
  if (!text.startsWith(REF)) return null;
  const brace = text.indexOf('{');
  const key = (brace < 0 ? text.slice(REF.length) : text.slice(REF.length, brace)) as MessageKey;
  try {
    const values = brace < 0 ? undefined : (JSON.parse(text.slice(brace)) as MessageValues);
    return { key, values };
  } catch {
    return null;
  }
}
