import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '@/lib/api-client';
import type {
  CreateVideoSession,
  CreateVideoSessionResponse,
  VideoSessionList,
} from '../../../../shared/schemas/video';

export const VIDEO_SESSIONS_KEY = '/api/video/sessions';
/** Counts and participants change as people join; the list stays roughly live. */
const REFETCH_MS = 30_000;
export const CREATE_SESSION_FAILED = 'Failed to create session';

export function useVideoSessions() {
  return useQuery<VideoSessionList>({
    queryKey: [VIDEO_SESSIONS_KEY],
    refetchInterval: REFETCH_MS,
  });
}

export function useCreateVideoSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVideoSession) =>
      apiRequest<CreateVideoSessionResponse>('POST', VIDEO_SESSIONS_KEY, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VIDEO_SESSIONS_KEY] }),
  });
}

/**
 * The server's error for a failed create (§8: its `error` field, or the house `message`),
 * else 'Failed to create session'.
 */
export function createSessionError(error: unknown): string {
  if (error instanceof ApiError && !error.body && error.status < 500) {
    const text = error.message.slice(error.message.indexOf(': ') + 2);
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object' && 'error' in body) {
        const value = (body as { error: unknown }).error;
        if (typeof value === 'string' && value) return value;
      }
    } catch {
      // Not JSON: the generic rules below apply.
    }
  }
  return errorMessage(error, CREATE_SESSION_FAILED);
}

const COPY_TIMEOUT_MS = 1500;

/** Copies text to the clipboard; false when the browser refuses (or does not answer soon). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), COPY_TIMEOUT_MS);
    });
    const copied = navigator.clipboard.writeText(text).then(
      () => true,
      () => false,
    );
    const result = await Promise.race([copied, timeout]);
    clearTimeout(timer);
    return result;
  } catch {
    return false;
  }
}
