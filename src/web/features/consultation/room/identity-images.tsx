import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { StaffDocument } from '../../../../shared/schemas/staff-documents';
import { documentDownloadUrl } from '../../staff-documents/api/download';

// The patient's government ID and photo beside the video (issue 12; SB 1066: the physician
// checks the identity against them). Fetched with the session (each view is audited on the
// server) and shown through object URLs, revoked when they leave the screen.

type Loaded = { src: string } | { error: string } | null;

function useDocumentImage(documentId: string | null): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    if (!documentId) return;
    const controller = new AbortController();
    let href: string | null = null;
    setLoaded(null);
    fetch(documentDownloadUrl(documentId), { credentials: 'include', signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
        href = URL.createObjectURL(await res.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(href);
        else setLoaded({ src: href });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ error: errorMessage(error, 'The image could not be loaded.') });
      });
    return () => {
      controller.abort();
      if (href) URL.revokeObjectURL(href);
    };
  }, [documentId]);
  return loaded;
}

function IdentityImage({ doc, label }: { doc: StaffDocument | undefined; label: string }) {
  const image = !!doc && doc.type.startsWith('image/');
  const loaded = useDocumentImage(image ? doc.id : null);
  let body: React.ReactNode;
  if (!doc) body = <p className="p-3 text-sm text-muted-foreground">Not uploaded</p>;
  else if (!image)
    body = (
      <p className="flex items-center gap-2 p-3 text-sm">
        <FileText aria-hidden="true" className="size-4" />A PDF: open it from the documents below.
      </p>
    );
  else if (!loaded) body = <p className="p-3 text-sm text-muted-foreground">Loading…</p>;
  else if ('error' in loaded)
    body = (
      <p role="alert" className="p-3 text-sm text-destructive">
        {loaded.error}
      </p>
    );
  else
    body = (
      <img
        src={loaded.src}
        alt={`The patient's ${label.toLowerCase()} (${doc.name})`}
        className="max-h-56 w-full object-contain"
      />
    );
  return (
    <figure className="m-0 grid grid-rows-[auto_1fr] overflow-hidden rounded-md border border-border bg-muted">
      <figcaption className="border-b border-border bg-background px-2 py-1 text-xs font-semibold">
        {label}
      </figcaption>
      <div className="flex min-h-24 items-center justify-center">{body}</div>
    </figure>
  );
}

/** The current government ID and photo, side by side. */
export function IdentityImages({ documents }: { documents: StaffDocument[] }) {
  const current = (category: string) =>
    documents.find((d) => d.category === category && !d.replacedAt);
  return (
    <div className="grid grid-cols-2 gap-2">
      <IdentityImage doc={current('government_id')} label="Government ID" />
      <IdentityImage doc={current('photo')} label="Photo" />
    </div>
  );
}
