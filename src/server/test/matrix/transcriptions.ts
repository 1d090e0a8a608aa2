import { randomBytes } from 'node:crypto';
import { keywords } from '../../db/schema/index.js';
import { processTranscription } from '../../modules/transcriptions/service.js';
import { loadCurrentUser } from '../../modules/users/queries.js';
import type { TestApp } from '../harness.js';
import { duty } from './consultation-fixtures.js';
import { completedConsultation } from './follow-up.js';
import type { Endpoint } from './types.js';

const notes = (consultationId: string) => ({
  consultationId,
  rawTranscript: 'Doctor: How is the pain?\nPatient: Chronic pain in my lower back.',
  summary: 'Chronic pain, stable.',
  notes: 'Recommend follow-up in a year.',
});

/** An ended consultation with its transcription stored. */
async function storedTranscription(t: TestApp): Promise<string> {
  const { consultationId } = await completedConsultation(t);
  const actor = (await loadCurrentUser(t.app.ctx.db, duty.doctorId))!;
  await processTranscription({
    ctx: t.app.ctx,
    actor,
    ip: '127.0.0.1',
    input: notes(consultationId),
  });
  return consultationId;
}

async function freshKeyword(t: TestApp): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(keywords)
    .values({ term: `matrix-${randomBytes(4).toString('hex')}` })
    .returning();
  return row!.id;
}

const uniqueTerm = () => ({ term: `term-${randomBytes(4).toString('hex')}` });

export const TRANSCRIPTION_ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/admin/process-transcription',
    access: 'transcriptions',
    ok: 201,
    prepare: async (t) => ({ payload: notes((await completedConsultation(t)).consultationId) }),
  },
  { method: 'GET', path: '/api/admin/transcriptions', access: 'transcriptions', ok: 200 },
  { method: 'GET', path: '/api/admin/transcriptions/pending', access: 'transcriptions', ok: 200 },
  {
    method: 'GET',
    path: '/api/admin/download-transcription/:consultationId',
    access: 'transcriptions',
    ok: 200,
    prepare: async (t) => ({
      url: `/api/admin/download-transcription/${await storedTranscription(t)}`,
    }),
  },
  { method: 'GET', path: '/api/admin/keywords', access: 'keywords', ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/keywords',
    access: 'keywords',
    ok: 201,
    prepare: async () => ({ payload: uniqueTerm() }),
  },
  {
    method: 'PUT',
    path: '/api/admin/keywords/:id',
    access: 'keywords',
    ok: 200,
    prepare: async (t) => ({
      url: `/api/admin/keywords/${await freshKeyword(t)}`,
      payload: uniqueTerm(),
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/keywords/:id',
    access: 'keywords',
    ok: 204,
    prepare: async (t) => ({ url: `/api/admin/keywords/${await freshKeyword(t)}` }),
  },
  {
    method: 'GET',
    path: '/api/admin/search-notes',
    access: 'searchNotes',
    ok: 200,
    prepare: async () => ({ url: '/api/admin/search-notes?q=chronic%20pain' }),
  },
];
