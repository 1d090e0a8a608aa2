import type { EmailCatalog } from '../message-key.js';
import email from './es/email.json' with { type: 'json' };

// What emails say, in Spanish (en-email.ts).

export const esEmail: EmailCatalog = { ...email };
