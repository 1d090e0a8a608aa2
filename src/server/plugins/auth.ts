import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS, type AccessName, allows, type Role } from '../../shared/roles.js';
import type { CurrentUser } from '../../shared/schemas/auth.js';
import { SESSION_STATUS_PATH } from '../../shared/schemas/session-status.js';
import { BACKGROUND_REQUEST_HEADER } from '../../shared/session-timing.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { ResolvedSession, SessionStore } from '../modules/auth/session-store.js';

export const SESSION_COOKIE = 'sid';
export const MFA_REQUIRED_MESSAGE = 'Finish two-step sign-in to continue';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is open to a staff sign-in still waiting for its second factor: the MFA
     * routes themselves, sign-out (cancel) and sign-in (start again). Every other route
     * answers such a session 401 MFA_REQUIRED (issue 13).
     */
    mfaPending?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in session, resolved for every /api request; null when signed out. */
    session: ResolvedSession | null;
  }
}

export async function registerAuth(app: FastifyInstance, config: Config, store: SessionStore) {
  await app.register(cookie);
  app.decorateRequest('session', null);
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token)
      request.session = await store.resolve(token, { background: isBackgroundRequest(request) });
    // One check for the whole API, before any route's guard or body: a password alone reaches
    // nothing but the second-factor steps. Public routes included, so the web app learns from
    // any answer that the sign-in is unfinished and goes back to /mfa.
    if (request.session?.mfaStage && !request.routeOptions.config?.mfaPending)
      throw new AppError('MFA_REQUIRED', MFA_REQUIRED_MESSAGE);
  });
}

/**
 * A request nobody made: the web app marks its polling and refetches, and reading the session's
 * own countdown never counts (automatic logoff, issue 13, ADR 0013).
 */
export function isBackgroundRequest(request: FastifyRequest): boolean {
  return (
    request.headers[BACKGROUND_REQUEST_HEADER] !== undefined ||
    // The URL first: request.routeOptions builds an object on each read (issue 23).
    (request.method === 'GET' &&
      request.url.startsWith(SESSION_STATUS_PATH) &&
      request.routeOptions.url === SESSION_STATUS_PATH)
  );
}

declare module 'fastify' {
  interface FastifyReply {
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
  }
}

/** The signed-in user, or 401. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.session) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  return request.session.user;
}

/**
 * A route guard. Routes run it as their `onRequest` hook, before the body is read or
 * validated, so a caller without access gets 401/403 and never a validation message.
 */
export type Guard = (request: FastifyRequest) => Promise<void>;

export const requireUser: Guard = async (request) => {
  currentUser(request);
};

export function requireRole(...roles: Role[]): Guard {
  return async (request) => {
    const user = currentUser(request);
    if (!roles.includes(user.role))
      throw new AppError('FORBIDDEN', 'You do not have access to this');
  };
}

/** Ruling 3's table: holds one of the rule's permissions or roles, else 403. */
export function requireAccess(name: AccessName): Guard {
  const rule = ACCESS[name];
  return async (request) => {
    const user = currentUser(request);
    if (!allows(rule, user)) throw new AppError('FORBIDDEN', 'You do not have access to this');
  };
}
