import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Operations dashboards and analytics. */
export async function operationsRoutes(_fastify: FastifyInstance, _ctx: AppContext) {}
