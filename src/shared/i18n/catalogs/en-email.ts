import email from './en/email.json' with { type: 'json' };

// What emails say, in English: only the server needs it, so it is not in the pages' catalog
// (en.ts) a phone downloads.

export const enEmail = { ...email };
