import { desc, eq, sql } from 'drizzle-orm';
import {
  type NoteSearchResult,
  SNIPPET_MATCH_END,
  SNIPPET_MATCH_START,
} from '../../../shared/schemas/transcription.js';
import type { Executor } from '../../db/client.js';
import { consultations, patientProfiles, transcriptions } from '../../db/schema/index.js';
import {
  doctorName,
  patientJoin,
  patientName,
  peopleColumns,
  physician,
  physicianJoin,
} from '../follow-up/queries.js';

// Search Notes (ruling 3: `search_notes`): PostgreSQL full-text search over the stored
// transcripts, summaries and notes (the generated `search` tsvector and its GIN index),
// ranked with ts_rank, with a ts_headline snippet.

export const SEARCH_LIMIT = 50;

const HEADLINE_OPTIONS = [
  `StartSel="${SNIPPET_MATCH_START}"`,
  `StopSel="${SNIPPET_MATCH_END}"`,
  'MaxWords=35',
  'MinWords=12',
  'MaxFragments=2',
  'FragmentDelimiter=" … "',
].join(', ');

export async function searchNotes(db: Executor, q: string): Promise<NoteSearchResult[]> {
  // websearch_to_tsquery never fails on user input (quotes, OR, -word are all accepted).
  const query = sql`websearch_to_tsquery('english', ${q})`;
  // The best matches first, then headlines for those only: ts_headline re-parses each document.
  const hits = db
    .select({
      id: transcriptions.id,
      rank: sql<number>`ts_rank(${transcriptions.search}, ${query})`.as('rank'),
    })
    .from(transcriptions)
    .where(sql`${transcriptions.search} @@ ${query}`)
    .orderBy(desc(sql`rank`), desc(transcriptions.createdAt))
    .limit(SEARCH_LIMIT)
    .as('hits');
  const document = sql`${transcriptions.summary} || ' ' || ${transcriptions.notes} || ' ' || ${transcriptions.rawTranscript}`;
  const rows = await db
    .select({
      consultationId: transcriptions.consultationId,
      createdAt: transcriptions.createdAt,
      rank: hits.rank,
      snippet: sql<string>`ts_headline('english', ${document}, ${query}, ${HEADLINE_OPTIONS})`,
      ...peopleColumns,
    })
    .from(hits)
    .innerJoin(transcriptions, eq(transcriptions.id, hits.id))
    .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
    .innerJoin(patientProfiles, patientJoin)
    .innerJoin(physician, physicianJoin)
    .orderBy(desc(hits.rank), desc(transcriptions.createdAt));
  return rows.map((r) => ({
    consultationId: r.consultationId,
    patientName: patientName(r),
    dateOfBirth: r.patientDateOfBirth,
    doctorName: doctorName(r),
    createdAt: r.createdAt.toISOString(),
    snippet: r.snippet,
    rank: Number(r.rank),
  }));
}
