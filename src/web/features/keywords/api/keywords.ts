import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Keyword, KeywordInput } from '../../../../shared/schemas/transcription';

// The Keyword Manager's calls (ruling 3: `keywords`). Its terms feed the key findings of the
// next transcription stored.

export const KEYWORDS_KEY = '/api/admin/keywords';

export function useKeywords() {
  return useQuery<Keyword[]>({ queryKey: [KEYWORDS_KEY] });
}

function useInvalidateKeywords() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [KEYWORDS_KEY] });
}

export function useCreateKeyword() {
  const invalidate = useInvalidateKeywords();
  return useMutation({
    mutationFn: (body: KeywordInput) => apiRequest<Keyword>('POST', KEYWORDS_KEY, body),
    onSuccess: invalidate,
  });
}

export function useUpdateKeyword() {
  const invalidate = useInvalidateKeywords();
  return useMutation({
    mutationFn: ({ id, ...body }: KeywordInput & { id: string }) =>
      apiRequest<Keyword>('PUT', `${KEYWORDS_KEY}/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteKeyword() {
  const invalidate = useInvalidateKeywords();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `${KEYWORDS_KEY}/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
