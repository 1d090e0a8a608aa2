import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Transcriptions, keywords and note search. */
export async function transcriptionRoutes(_fastify: FastifyInstance, _ctx: AppContext) {}
