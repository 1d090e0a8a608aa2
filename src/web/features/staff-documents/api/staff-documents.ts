import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { DocumentCategory, DocumentStatus } from '../../../../shared/documents';
import type {
  ReviewDocumentRequest,
  StaffDocument,
  StaffPatient,
} from '../../../../shared/schemas/staff-documents';
import type { StoredTranscription } from '../../../../shared/schemas/transcription';

// Document Management (staff-and-video.md §2 Document Management Center; ruling 3: `documents`).

export interface DocumentFilterValues {
  search: string;
  category: DocumentCategory | '';
  status: DocumentStatus | '';
}

export const EMPTY_FILTERS: DocumentFilterValues = { search: '', category: '', status: '' };

export type DocumentListName = 'patient-documents' | 'stored-documents';

export function documentListPath(list: DocumentListName, filters: DocumentFilterValues): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.category) params.set('category', filters.category);
  if (filters.status) params.set('status', filters.status);
  const query = params.toString();
  return `/api/admin/${list}${query ? `?${query}` : ''}`;
}

export const useDocumentList = (list: DocumentListName, filters: DocumentFilterValues) =>
  useQuery<StaffDocument[]>({
    queryKey: [documentListPath(list, filters)],
    placeholderData: (previous) => previous,
  });

export function usePatients(search: string) {
  const term = search.trim();
  return useQuery<StaffPatient[]>({
    queryKey: [`/api/admin/patients${term ? `?search=${encodeURIComponent(term)}` : ''}`],
    placeholderData: (previous) => previous,
  });
}

export const TRANSCRIPTIONS_KEY = '/api/admin/transcriptions';

export const useTranscriptions = (enabled: boolean) =>
  useQuery<StoredTranscription[]>({ queryKey: [TRANSCRIPTIONS_KEY], enabled });

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewDocumentRequest & { id: string }) =>
      apiRequest<{ message: string; document: StaffDocument }>(
        'POST',
        `/api/admin/documents/${encodeURIComponent(id)}/review`,
        body,
      ),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) => {
          const key = q.queryKey[0];
          return (
            typeof key === 'string' &&
            (key.startsWith('/api/admin/patient-documents') ||
              key.startsWith('/api/admin/stored-documents') ||
              key.startsWith('/api/admin/patients'))
          );
        },
      }),
  });
}
