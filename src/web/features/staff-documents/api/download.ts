import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { queryClient, SESSION_QUERY_KEY } from '@/lib/query-client';

// Staff downloads are attachments behind the session cookie; each one is audited on the server
// (ruling 17). Fetching them (rather than following a link) keeps a refusal on the page as a
// toast instead of a bare error page.

export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed name: keep the fallback.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

export async function downloadFile(url: string, fallbackName: string): Promise<boolean> {
  try {
    const res = await fetch(url, { credentials: 'include' });
    if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
    return true;
  } catch (error) {
    // A session that ended goes through the app's signed-out handling.
    if (error instanceof ApiError && error.status === 401)
      queryClient.setQueryData([SESSION_QUERY_KEY], null);
    toast({
      title: 'Download failed',
      description: errorMessage(error, 'The file could not be downloaded.'),
      variant: 'destructive',
    });
    return false;
  }
}

export const documentDownloadUrl = (id: string) =>
  `/api/admin/download-document/${encodeURIComponent(id)}`;

export const transcriptionDownloadUrl = (consultationId: string) =>
  `/api/admin/download-transcription/${encodeURIComponent(consultationId)}`;
