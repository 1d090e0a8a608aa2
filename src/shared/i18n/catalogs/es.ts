import type { Catalog } from '../message-key.js';
import common from './es/common.json' with { type: 'json' };
import errors from './es/errors.json' with { type: 'json' };

// The Spanish catalog, file for file as en.ts. Terms that must not drift: docs/glossary-es.md.

export const es: Catalog = { ...common, ...errors };
