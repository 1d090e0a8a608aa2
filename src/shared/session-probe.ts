import type { CurrentUser } from './schemas/auth.js';

// Kept apart from schemas/auth.ts: the web app's first page needs this path, not zod.

/**
 * What the web app asks to learn who is signed in (issue 21): 200 `{user: null}` signed out, so
 * a visitor's console shows no 401 error. GET /api/user keeps answering 401 signed out (spec).
 */
export const SESSION_PROBE_PATH = '/api/auth/me';

export interface SessionProbe {
  user: CurrentUser | null;
}
