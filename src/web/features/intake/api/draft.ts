import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import type {
  ApplicationDraft,
  ApplicationDraftView,
} from '../../../../shared/schemas/application';

// The wizard's draft on the server (issue 11): nothing of the form is kept in the browser's
// storage, so a reload or another device resumes from here.

export const DRAFT_KEY = '/api/applications/draft';

export const draftQuery = () =>
  queryOptions({
    queryKey: [DRAFT_KEY],
    queryFn: (context) => getJson<ApplicationDraftView | null>(DRAFT_KEY, context),
    // Read once when the form opens: what the patient types afterwards is the newer copy.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useApplicationDraft = () => useQuery(draftQuery());

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ApplicationDraft) =>
      apiRequest<ApplicationDraftView>('PUT', DRAFT_KEY, draft),
    onSuccess: (saved) => queryClient.setQueryData([DRAFT_KEY], saved),
  });
}
