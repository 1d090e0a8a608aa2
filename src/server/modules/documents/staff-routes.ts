import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Staff document review, downloads and the patients list. */
export async function staffDocumentRoutes(_fastify: FastifyInstance, _ctx: AppContext) {}
