import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/data-states';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CATEGORY_DEFINITIONS } from '../../../../shared/documents';
import type { StaffDocument } from '../../../../shared/schemas/staff-documents';
import { saveDocumentFile, useDocumentFile } from './document-files';

// A document shown inside the room (issue 12): the physician reads it beside the call instead
// of finding it in the downloads folder. Images are shown as images; a PDF in a frame of its
// object URL (the CSP allows blob: frames for this alone). Only those two types are framed or
// drawn: anything else offers the download, so no other content ever runs in our origin.

interface DocumentViewerDialogProps {
  /** The document shown; null: closed. */
  doc: StaffDocument | null;
  onClose: () => void;
}

export function DocumentViewerDialog({ doc, onClose }: DocumentViewerDialogProps) {
  return (
    <Dialog open={!!doc} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex h-[calc(100dvh-2rem)] max-w-4xl flex-col">
        {doc && <Viewer doc={doc} />}
      </DialogContent>
    </Dialog>
  );
}

function Viewer({ doc }: { doc: StaffDocument }) {
  const file = useDocumentFile(doc.id, doc.name);
  let body: ReactNode;
  if (file.isError)
    body = (
      <ErrorState
        error={file.error}
        fallback="The document could not be loaded."
        onRetry={() => file.refetch()}
      />
    );
  else if (!file.data) body = <LoadingState label="Loading the document" />;
  else if (file.data.type.startsWith('image/'))
    body = (
      <img
        src={file.data.url}
        alt={`${doc.name}, the patient's ${CATEGORY_DEFINITIONS[doc.category].name.toLowerCase()}`}
        className="size-full object-contain"
      />
    );
  else if (file.data.type === 'application/pdf')
    body = <iframe src={file.data.url} title={doc.name} className="size-full border-0 bg-white" />;
  else
    body = (
      <p className="p-4 text-sm text-muted-foreground">
        This file cannot be shown here. Download it to open it.
      </p>
    );
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-all">{doc.name}</DialogTitle>
        <DialogDescription>{CATEGORY_DEFINITIONS[doc.category].name}</DialogDescription>
      </DialogHeader>
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-md border border-border bg-muted">
        {body}
      </div>
      <DialogFooter>
        <Button
          variant="outline"
          disabled={!file.data}
          onClick={() => file.data && saveDocumentFile(file.data)}
        >
          <Download aria-hidden="true" />
          Download
        </Button>
      </DialogFooter>
    </>
  );
}
