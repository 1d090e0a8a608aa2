import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { authRoutes } from './modules/auth/routes.js';
import { SessionStore } from './modules/auth/session-store.js';
import { LoginThrottle, type ThrottleLimits } from './modules/auth/throttle.js';
import { healthRoutes } from './modules/health/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './static.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  throttle?: ThrottleLimits;
  now?: () => number;
}

/** Builds the Fastify instance without listening; tests use `app.inject`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  const { config, database } = opts;
  const app = Fastify({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logger: {
      level: config.LOG_LEVEL,
      // Cookies and bodies can carry credentials or PHI: they are never logged.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: database.db,
    sessions: new SessionStore(database.db, opts.now),
    loginThrottle: new LoginThrottle(opts.throttle, opts.now),
  };
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  await registerSecurity(app, config);
  await registerAuth(app, config, ctx.sessions);

  await healthRoutes(app, ctx);
  await authRoutes(app, ctx);
  await userRoutes(app, ctx);

  const hasWeb = await registerWebApp(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Client-side routes get the app shell; the React router draws the page (or its 404).
    if (
      hasWeb &&
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/socket.io')
    )
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply
      .status(404)
      .send({ message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND' });
  });

  return app as unknown as FastifyInstance & { ctx: AppContext };
}
