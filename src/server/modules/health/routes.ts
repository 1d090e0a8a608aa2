import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { isProduction } from '../../context.js';
import { AppError } from '../../errors.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Healthy once the database answers a query.
  app.get('/api/health', async () => {
    try {
      await ctx.db.execute(sql`select 1`);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
    }
    return { status: 'ok' };
  });

  // What the web app may offer: the Development Bypass and Simulate Payment Complete exist
  // only outside production (ruling 10); the server refuses them there in any case.
  app.get('/api/app-config', async () => ({
    devTools: !isProduction(ctx.config),
    paymentProvider: ctx.payments.name,
    // Business hours the site shows, from the one configured value (issue 11).
    clinicHours: ctx.config.CLINIC_HOURS,
    clinicTimeZone: ctx.config.CLINIC_TIMEZONE,
  }));
}
