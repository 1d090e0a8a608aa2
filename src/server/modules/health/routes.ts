import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
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
}
