import type { Catalog } from '../message-key.js';
import auth from './es/auth.json' with { type: 'json' };
import common from './es/common.json' with { type: 'json' };
import dashboard from './es/dashboard.json' with { type: 'json' };
import documents from './es/documents.json' with { type: 'json' };
import errors from './es/errors.json' with { type: 'json' };
import intake from './es/intake.json' with { type: 'json' };
import landing from './es/landing.json' with { type: 'json' };
import layout from './es/layout.json' with { type: 'json' };
import payment from './es/payment.json' with { type: 'json' };
import queue from './es/queue.json' with { type: 'json' };
import staff from './es/staff.json' with { type: 'json' };

// The Spanish catalog, file for file as en.ts. Terms that must not drift: docs/glossary-es.md.

export const es: Catalog = {
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
