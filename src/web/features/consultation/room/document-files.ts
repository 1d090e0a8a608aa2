import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { documentDownloadUrl, fileNameFrom } from '../../staff-documents/api/download';

// The patient's files as the room shows them (issue 12): each document is fetched once per
// room (the download route audits that read) and kept as an object URL for the room's life,
// so the phone's sheet, opened again, and the viewer show the same bytes without another
// request or another audit entry. The room releases them all when it unmounts.

export interface DocumentFile {
  /** An object URL of the fetched bytes (blob: of this origin). */
  url: string;
  /** The type the server answered with (it decides a file's type by its content). */
  type: string;
  /** The file name the server offers for saving. */
  name: string;
}

const FILES_KEY = 'room-document-file';
const fileKey = (documentId: string) => [FILES_KEY, documentId] as const;

async function fetchDocumentFile(
  documentId: string,
  fallbackName: string,
  signal: AbortSignal,
): Promise<DocumentFile> {
  const res = await fetch(documentDownloadUrl(documentId), { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const blob = await res.blob();
  // A room that closed while the bytes came must not be left holding an object URL.
  signal.throwIfAborted();
  return {
    url: URL.createObjectURL(blob),
    type: blob.type,
    name: fileNameFrom(res.headers.get('content-disposition'), fallbackName),
  };
}

/** One document's file, fetched on first use and kept until the room closes. */
export function useDocumentFile(documentId: string | null, fallbackName = 'document') {
  return useQuery({
    queryKey: fileKey(documentId ?? ''),
    queryFn: ({ signal }) => fetchDocumentFile(documentId ?? '', fallbackName, signal),
    enabled: !!documentId,
    staleTime: Number.POSITIVE_INFINITY,
    // Kept while nothing shows it (the sheet closed): the room releases it, not a timer,
    // because dropping the entry without revoking its URL would leak the bytes.
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Called once by the room: when it unmounts, every file is revoked and forgotten. */
export function useReleaseDocumentFilesOnLeave() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      const filter = { queryKey: [FILES_KEY] };
      // A fetch still under way is aborted; its answer never becomes an object URL.
      void queryClient.cancelQueries(filter);
      for (const [, file] of queryClient.getQueriesData<DocumentFile>(filter))
        if (file) URL.revokeObjectURL(file.url);
      queryClient.removeQueries(filter);
    },
    [queryClient],
  );
}

/** Saves a fetched file under its name (no second request: the read is already audited). */
export function saveDocumentFile(file: DocumentFile) {
  const a = document.createElement('a');
  a.href = file.url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
}
