import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { Spinner } from '@/components/ui/spinner';
import {
  type DocumentFilterValues,
  type DocumentListName,
  useDocumentList,
} from '../api/staff-documents';
import { useDebounced } from '../use-debounced';
import { DocumentFilters } from './document-filters';
import { StaffDocumentList } from './staff-document-list';

interface DocumentsPanelProps {
  list: DocumentListName;
  filters: DocumentFilterValues;
  onFiltersChange: (value: DocumentFilterValues) => void;
  canReview: boolean;
}

const COPY: Record<DocumentListName, { label: string; empty: string; none: string }> = {
  'patient-documents': {
    label: 'Patient documents',
    empty: 'No documents match these filters.',
    none: 'No patient has uploaded a document yet.',
  },
  'stored-documents': {
    label: 'Stored documents',
    empty: 'No stored documents match these filters.',
    none: 'Nothing stored yet: recommendation forms issued after approval and earlier versions of replaced uploads appear here.',
  },
};

/** A document list with its search and filters (they apply as you type, after a pause). */
export function DocumentsPanel({ list, filters, onFiltersChange, canReview }: DocumentsPanelProps) {
  const settled = useDebounced(filters);
  const docs = useDocumentList(list, settled);
  const copy = COPY[list];
  const filtered = !!(settled.search.trim() || settled.category || settled.status);

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentFilters idPrefix={list} value={filters} onChange={onFiltersChange} />
      <div
        className="flex min-h-5 items-center gap-2 text-sm text-muted-foreground"
        aria-live="polite"
      >
        {docs.data && `${docs.data.length} ${docs.data.length === 1 ? 'document' : 'documents'}`}
        {docs.isFetching && docs.data && <Spinner size="sm" label="Updating" />}
      </div>
      {docs.isPending ? (
        <LoadingState label={`Loading ${copy.label.toLowerCase()}`} />
      ) : docs.isError ? (
        <ErrorState
          error={docs.error}
          fallback="Could not load the documents."
          onRetry={() => docs.refetch()}
        />
      ) : docs.data.length === 0 ? (
        <EmptyState title={filtered ? copy.empty : copy.none} />
      ) : (
        <StaffDocumentList
          documents={docs.data}
          label={copy.label}
          canReview={canReview && list === 'patient-documents'}
        />
      )}
    </div>
  );
}
