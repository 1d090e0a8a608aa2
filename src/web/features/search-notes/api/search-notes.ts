import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { NoteSearchResult } from '../../../../shared/schemas/transcription';

// Search Notes (ruling 3: `search_notes`): full-text search over stored consultation notes.

export const SEARCH_NOTES_KEY = '/api/admin/search-notes';

/** Runs only for a submitted, non-empty query; the server caps the answer at 50 notes. */
export function useSearchNotes(q: string) {
  return useQuery<NoteSearchResult[]>({
    queryKey: [SEARCH_NOTES_KEY, q],
    queryFn: (context) => getJson(`${SEARCH_NOTES_KEY}?${new URLSearchParams({ q })}`, context),
    enabled: q.length > 0,
    // Notes are added all day: the same words searched again ask the server again.
    staleTime: 0,
    gcTime: 60_000,
  });
}
