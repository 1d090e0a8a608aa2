import { z } from 'zod';

// Automatic logoff (issue 13, ADR 0013): what the web app's idle guard asks and sends.

/** GET: the session's countdown; never counts as activity, whatever the client sends. */
export const SESSION_STATUS_PATH = '/api/auth/session';
/** POST: "Stay signed in" (a request the user made, so it counts as activity). */
export const KEEP_ALIVE_PATH = '/api/auth/keep-alive';

export const SessionStatusSchema = z.object({
  /** The last activity the idle limit counts from (the server's clock). */
  lastActivityAt: z.iso.datetime(),
  /** When the session ends without further activity, and when the warning shows. */
  idleExpiresAt: z.iso.datetime(),
  warnAt: z.iso.datetime(),
  /** idleExpiresAt less the server's now: what a client with another clock counts down from. */
  remainingMs: z.number().int().nonnegative(),
});
export type SessionStatus = z.infer<typeof SessionStatusSchema>;
