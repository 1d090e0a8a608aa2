import auth from './en/auth.json' with { type: 'json' };
import common from './en/common.json' with { type: 'json' };
import dashboard from './en/dashboard.json' with { type: 'json' };
import documents from './en/documents.json' with { type: 'json' };
import errors from './en/errors.json' with { type: 'json' };
import intake from './en/intake.json' with { type: 'json' };
import landing from './en/landing.json' with { type: 'json' };
import layout from './en/layout.json' with { type: 'json' };
import payment from './en/payment.json' with { type: 'json' };
import queue from './en/queue.json' with { type: 'json' };
import staff from './en/staff.json' with { type: 'json' };

// The English catalog of what pages and the API say: one JSON file an area (keys start with the
// file's name), merged. With en-email.ts, the source of every message key (MessageKey); es.ts
// must hold the same keys (npm run i18n:check). The web app loads a language's catalog as one
// chunk, compiled at build (vite.config.ts); the emails' catalog stays on the server.

export const en = {
  ...auth,
  ...common,
  ...dashboard,
  ...documents,
  ...errors,
  ...intake,
  ...landing,
  ...layout,
  ...payment,
  ...queue,
  ...staff,
};
