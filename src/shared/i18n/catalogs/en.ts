import common from './en/common.json' with { type: 'json' };
import errors from './en/errors.json' with { type: 'json' };

// The English catalog: one JSON file an area (keys start with the file's name), merged. The
// source of every message key (MessageKey); es.ts must hold the same keys (npm run i18n:check).
// The web app loads a language's catalog as one chunk, compiled at build (vite.config.ts).

export const en = { ...common, ...errors };
