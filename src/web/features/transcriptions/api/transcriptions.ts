import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import type {
  PendingTranscription,
  ProcessTranscriptionRequest,
  StoredTranscription,
} from '../../../../shared/schemas/transcription';

// The Patient Transcriptions tab's calls (staff-and-video.md §7; ruling 3: `transcriptions`).

export const PENDING_TRANSCRIPTIONS_KEY = '/api/admin/transcriptions/pending';
export const STORED_TRANSCRIPTIONS_KEY = '/api/admin/transcriptions';

export function usePendingTranscriptions() {
  return useQuery<PendingTranscription[]>({ queryKey: [PENDING_TRANSCRIPTIONS_KEY] });
}

export function useStoredTranscriptions() {
  return useQuery<StoredTranscription[]>({ queryKey: [STORED_TRANSCRIPTIONS_KEY] });
}

/** Secure Storage: 201 when first stored, 200 when it replaces the stored notes. */
export function useProcessTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessTranscriptionRequest) =>
      apiRequest<StoredTranscription>('POST', '/api/admin/process-transcription', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [PENDING_TRANSCRIPTIONS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [STORED_TRANSCRIPTIONS_KEY] }),
      ]),
  });
}

const FILE_NAME = /filename="?([^";]+)"?/i;

/**
 * Fetches the PDF and saves it under the server's file name. Fetching first (rather than a
 * plain link) lets a refusal show as a message instead of a saved error page.
 */
export async function downloadTranscriptionPdf(consultationId: string): Promise<void> {
  const res = await fetch(
    `/api/admin/download-transcription/${encodeURIComponent(consultationId)}`,
    { credentials: 'include' },
  );
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const blob = await res.blob();
  const name =
    FILE_NAME.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'transcription.pdf';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
