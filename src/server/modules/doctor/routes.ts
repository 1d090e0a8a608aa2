import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** The doctor dashboard's queue, consultations and figures. */
export async function doctorRoutes(_fastify: FastifyInstance, _ctx: AppContext) {}
