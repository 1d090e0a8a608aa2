import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Post-consultation follow-up (staff-and-video.md §2 Post-Consultation). */
export async function followUpRoutes(_fastify: FastifyInstance, _ctx: AppContext) {}
