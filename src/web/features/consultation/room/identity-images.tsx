import { FileText } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import type { StaffDocument } from '../../../../shared/schemas/staff-documents';
import { useDocumentFile } from './document-files';

// The patient's government ID and photo beside the video (issue 12; SB 1066: the physician
// checks the identity against them). Fetched once for the room's life (each fetch is audited
// on the server) and shown through the room's object URLs, so the phone's sheet, opened
// again, does not read them again.

function IdentityImage({ doc, label }: { doc: StaffDocument | undefined; label: string }) {
  const image = !!doc && doc.type.startsWith('image/');
  const file = useDocumentFile(image ? doc.id : null, doc?.name);
  let body: React.ReactNode;
  if (!doc) body = <p className="p-3 text-sm text-muted-foreground">Not uploaded</p>;
  else if (!image)
    body = (
      <p className="flex items-center gap-2 p-3 text-sm">
        <FileText aria-hidden="true" className="size-4" />A PDF: open it from the documents below.
      </p>
    );
  else if (file.isError)
    body = (
      <p role="alert" className="p-3 text-sm text-destructive">
        {errorMessage(file.error, 'The image could not be loaded.')}
      </p>
    );
  else if (!file.data) body = <p className="p-3 text-sm text-muted-foreground">Loading…</p>;
  else
    body = (
      <img
        src={file.data.url}
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
