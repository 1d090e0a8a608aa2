import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  KEEP_ALIVE_PATH,
  SESSION_STATUS_PATH,
  type SessionStatus,
  SessionStatusSchema,
} from '../../../shared/schemas/session-status.js';
import { IDLE_WARNING_MS } from '../../../shared/session-timing.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { idleLimitFor, type ResolvedSession } from './session-store.js';

// Automatic logoff (issue 13, HIPAA 164.312(a)(2)(iii), ADR 0013): the web app's idle guard
// reads the countdown in the background and sends "Stay signed in". The session itself was
// resolved by the auth plugin: as background for the countdown (plugins/auth.ts), so reading
// it never extends it, and as activity for the keep-alive.

/** The countdown of a live session at `now` (the idle limit counts from its last activity). */
export function sessionStatus(session: ResolvedSession, now: number): SessionStatus {
  const idleExpiresAt = session.lastSeenAt + idleLimitFor(session.user.role);
  return {
    lastActivityAt: new Date(session.lastSeenAt).toISOString(),
    idleExpiresAt: new Date(idleExpiresAt).toISOString(),
    warnAt: new Date(idleExpiresAt - IDLE_WARNING_MS).toISOString(),
    remainingMs: Math.max(0, idleExpiresAt - now),
  };
}

export async function idleRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // requireUser let only a live session through.
  const status = async (request: FastifyRequest) => sessionStatus(request.session!, ctx.now());
  const options = { schema: { response: { 200: SessionStatusSchema } }, onRequest: requireUser };
  app.get(SESSION_STATUS_PATH, options, status);
  app.post(KEEP_ALIVE_PATH, options, status);
}
