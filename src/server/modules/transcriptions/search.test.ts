import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SNIPPET_MATCH_END as E,
  SNIPPET_MATCH_START as S,
} from '../../../shared/schemas/transcription.js';
import { splitSnippet } from '../../../shared/transcription.js';
import { patientProfiles } from '../../db/schema/index.js';
import { auditRows, signedInAs } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { paidPatient } from '../../test/patients.js';

// The log is on (debug, so quick successes are written too) for this file, to prove a
// search's words never reach it.
const log: string[] = [];
let t: TestApp;
let doctor: Awaited<ReturnType<typeof signedInAs>>;
let assistant: Awaited<ReturnType<typeof signedInAs>>;
let headache: string;
let knee: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void log.push(line) },
  });
  doctor = await signedInAs(t.app, 'doctor');
  assistant = await signedInAs(t.app, 'admin_assistant'); // transcriptions and search_notes
  headache = await stored('Avery', 'Daily headache since March, worse with screens.');
  knee = await stored('Blake', 'Knee pain after a fall; walks with a cane.');
});
afterAll(() => t.close());

/** A patient seen and a transcription stored with these notes. */
async function stored(firstName: string, notes: string): Promise<string> {
  const patient = await paidPatient(t.app);
  await t.app.ctx.db
    .update(patientProfiles)
    .set({ firstName })
    .where(eq(patientProfiles.id, patient.patientId));
  const start = await doctor.client.post('/api/admin/start-consultation', {
    queueId: patient.queue.id,
  });
  const consultationId: string = start.json().consultation.id;
  await doctor.client.post('/api/admin/end-consultation', { queueId: patient.queue.id });
  const res = await assistant.client.post('/api/admin/process-transcription', {
    consultationId,
    rawTranscript: 'Doctor: What brings you in today?\nPatient: It has been a hard year.',
    summary: 'Follow-up visit.',
    notes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return consultationId;
}

const search = (q: string) =>
  assistant.client.get(`/api/admin/search-notes?q=${encodeURIComponent(q)}`);

describe('GET /api/admin/search-notes', () => {
  it('finds a note by a stemmed word, ranked, with a highlighted snippet, and not another patient’s', async () => {
    log.length = 0;
    const res = await search('headaches');
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json();
    expect(results).toEqual([
      {
        consultationId: headache,
        patientName: 'Avery Collins',
        dateOfBirth: '1985-04-12',
        doctorName: 'Dr. Test doctor',
        createdAt: expect.any(String),
        snippet: expect.stringContaining(`${S}headache${E}`),
        rank: expect.any(Number),
      },
    ]);
    expect(results[0].rank).toBeGreaterThan(0);
    expect(splitSnippet(results[0].snippet).filter((p) => p.match)).toEqual([
      { text: 'headache', match: true },
    ]);

    // Audited with the count and the query's length only: the words could be PHI.
    const row = (await auditRows(t.app, { actorId: assistant.id })).at(-1)!;
    expect(row).toMatchObject({
      action: 'transcription.search',
      details: { results: 1, queryLength: 9 },
    });
    expect(JSON.stringify(row)).not.toContain('headache');
    // Nor is it logged: the request line carries the path, never the query string.
    expect(log.join('\n')).not.toContain('headache');
    await assistant.client.get('/api/admin/transcriptions?probe=logged');
    expect(log.join('\n')).toContain('"path":"/api/admin/transcriptions"'); // the log is on
    expect(log.join('\n')).not.toContain('probe=logged');

    expect(
      (await search('knee')).json().map((r: { consultationId: string }) => r.consultationId),
    ).toEqual([knee]);
    expect((await search('"daily headache"')).json()).toHaveLength(1);
    expect((await search('headache -daily')).json()).toEqual([]);
    // Stop words alone match nothing (and are not an error).
    const stop = await search('the');
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual([]);
  });

  it('ranks the better match first', async () => {
    const more = await stored('Casey', 'Headache, headache and again headache every afternoon.');
    const ids = (await search('headache'))
      .json()
      .map((r: { consultationId: string }) => r.consultationId);
    expect(ids).toEqual([more, headache]);
  });

  it('asks for words and bounds the query', async () => {
    for (const url of [
      '/api/admin/search-notes',
      '/api/admin/search-notes?q=',
      '/api/admin/search-notes?q=%20%20',
    ]) {
      const res = await assistant.client.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Enter words to search for');
    }
    const long = await search('a'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Search must be at most 200 characters');
    expect((await search('a'.repeat(200))).statusCode).toBe(200);
  });

  it('is closed to staff without search_notes', async () => {
    const ops = await signedInAs(t.app, 'operations_admin');
    expect((await ops.client.get('/api/admin/search-notes?q=headache')).statusCode).toBe(403);
  });
});
