import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

// A catalog's ICU messages compiled to the form @lingui/core formats without a parser: at build
// for the web app (vite.config.ts, so no parser ships to a phone), at start for the server.
// Kept out of the web app's own code.

export type CompiledCatalog = Record<string, CompiledMessage>;

export function compileCatalog(raw: Readonly<Record<string, string>>): CompiledCatalog {
  return Object.fromEntries(
    Object.entries(raw).map(([key, text]) => {
      try {
        return [key, compileMessageOrThrow(text)];
      } catch (error) {
        throw new Error(`The message ${key} is not valid ICU: ${(error as Error).message}`);
      }
    }),
  );
}
