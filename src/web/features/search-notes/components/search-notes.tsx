import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PatientIdentity } from '@/components/patient-identity';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { SEARCH_MAX, SEARCH_REQUIRED } from '../../../../shared/schemas/transcription';
import { useSearchNotes } from '../api/search-notes';
import { Snippet } from './snippet';

const SEARCH_LIMIT = 50;

// The Search Notes tab: full-text search over stored transcripts, summaries and notes.
export function SearchNotes() {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const search = useSearchNotes(query);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = draft.trim();
    if (!q) {
      setFieldError(SEARCH_REQUIRED);
      return;
    }
    setFieldError(undefined);
    if (q === query) void search.refetch();
    else setQuery(q);
  };

  return (
    <Card>
      <CardHeader>
        <CardDescription>
          Search the stored transcripts, summaries and notes. Use quotes for a phrase, OR for either
          word, and a minus sign to leave a word out.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <search aria-label="Search notes">
          <form
            noValidate
            onSubmit={submit}
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
          >
            <Field id="search-notes-q" label="Search consultation notes" error={fieldError}>
              <Input
                id="search-notes-q"
                type="search"
                value={draft}
                maxLength={SEARCH_MAX}
                placeholder="e.g. chronic pain"
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldDescribedBy('search-notes-q', fieldError)}
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (fieldError) setFieldError(undefined);
                }}
              />
            </Field>
            <Button type="submit" className="sm:mt-5" disabled={search.isFetching}>
              <Search aria-hidden="true" />
              Search
            </Button>
          </form>
        </search>
        <Results query={query} search={search} />
      </CardContent>
    </Card>
  );
}

function Results({ query, search }: { query: string; search: ReturnType<typeof useSearchNotes> }) {
  if (!query) {
    return (
      <p className="text-sm text-muted-foreground">
        Results show here, best matches first, with the matching words highlighted.
      </p>
    );
  }
  if (search.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Searching notes" />
      </div>
    );
  }
  if (search.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(search.error, 'The search failed. Please try again.')}
      </p>
    );
  }
  const results = search.data;
  return (
    <section aria-labelledby="search-results-heading" className="grid gap-3">
      <h3 id="search-results-heading" className="font-semibold" aria-live="polite">
        {results.length === 0
          ? `No notes match "${query}"`
          : `${results.length}${results.length === SEARCH_LIMIT ? '+' : ''} ${
              results.length === 1 ? 'note matches' : 'notes match'
            } "${query}"`}
      </h3>
      {results.length === SEARCH_LIMIT && (
        <p className="text-xs text-muted-foreground">
          Showing the best {SEARCH_LIMIT}. Add words to narrow the search.
        </p>
      )}
      <ol className="grid gap-3">
        {results.map((result) => (
          <li
            key={result.consultationId}
            className="grid gap-2 rounded-lg border border-border p-4"
          >
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
              <PatientIdentity
                name={result.patientName}
                dateOfBirth={result.dateOfBirth}
                className="break-words"
              />
              <p className="text-xs text-muted-foreground">
                {result.doctorName} · stored {formatDateTime(result.createdAt)}
              </p>
            </div>
            <p className="text-sm break-words">
              <Snippet snippet={result.snippet} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
