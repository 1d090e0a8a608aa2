import { Check, Download, Eye, FileText, X } from 'lucide-react';
import { useState } from 'react';
import { bornOn } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CATEGORY_DEFINITIONS, formatKb } from '../../../../shared/documents';
import type { StaffDocument } from '../../../../shared/schemas/staff-documents';
import { documentDownloadUrl, downloadFile } from '../api/download';
import { useReviewDocument } from '../api/staff-documents';
import { RejectDocumentDialog } from './reject-document-dialog';
import { StaffDocumentStatus } from './staff-document-status';

interface StaffDocumentListProps {
  documents: StaffDocument[];
  /** The list's accessible name. */
  label: string;
  /** Approve / Reject are offered (on current, patient-uploaded documents only). */
  canReview: boolean;
  /** Show whose document it is (lists across patients). */
  showPatient?: boolean;
  /** Actions under the name at every width (a narrow side panel, issue 12's room). */
  stacked?: boolean;
  /** "View" shows the document in place (the room, the Consultation Interface); its viewer offers the download. */
  onView?: (doc: StaffDocument) => void;
}

/** Documents as cards: they stay readable at 360 px and keep their actions together. */
export function StaffDocumentList({
  documents,
  label,
  canReview,
  showPatient = true,
  stacked = false,
  onView,
}: StaffDocumentListProps) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3">
      {documents.map((doc) => (
        <DocumentItem
          key={doc.id}
          doc={doc}
          canReview={canReview && !doc.generated && !doc.replacedAt}
          showPatient={showPatient}
          stacked={stacked}
          onView={onView}
        />
      ))}
    </ul>
  );
}

function DocumentItem({
  doc,
  canReview,
  showPatient,
  stacked,
  onView,
}: {
  doc: StaffDocument;
  canReview: boolean;
  showPatient: boolean;
  stacked: boolean;
  onView?: (doc: StaffDocument) => void;
}) {
  const review = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const submit = (status: 'approved' | 'rejected', note?: string) =>
    review.mutate(
      { id: doc.id, status, note },
      {
        onSuccess: (answer) => {
          setRejecting(false);
          toast({ title: answer.message, description: doc.name });
        },
        onError: (error) =>
          toast({
            title: 'Review failed',
            description: errorMessage(error, 'The document could not be reviewed.'),
            variant: 'destructive',
          }),
      },
    );

  const download = async () => {
    setDownloading(true);
    await downloadFile(documentDownloadUrl(doc.id), doc.name);
    setDownloading(false);
  };

  return (
    <li
      className={cn(
        'grid grid-cols-1 gap-3 rounded-md border border-border p-3',
        !stacked && 'md:grid-cols-[1fr_auto] md:items-center',
      )}
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="font-medium break-all">{doc.name}</span>
          <StaffDocumentStatus status={doc.status} />
          {doc.generated && <Badge variant="outline">Issued by the clinic</Badge>}
          {doc.replacedAt && <Badge variant="outline">Replaced {formatDate(doc.replacedAt)}</Badge>}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {showPatient && (
            <span>
              <span className="font-medium text-foreground">{doc.patientName}</span> ·{' '}
              {bornOn(doc.dateOfBirth)}
            </span>
          )}
          <span>{CATEGORY_DEFINITIONS[doc.category].name}</span>
          <span>{formatKb(doc.size)}</span>
          <span>Uploaded {formatDateTime(doc.uploadedAt)}</span>
        </p>
        {doc.reviewedAt && (
          <p className="text-sm text-muted-foreground">
            Reviewed by {doc.reviewedBy ?? 'staff'} on {formatDateTime(doc.reviewedAt)}
            {doc.reviewNote && (
              <>
                : <span className="text-foreground">“{doc.reviewNote}”</span>
              </>
            )}
          </p>
        )}
      </div>
      <div className={cn('flex flex-wrap gap-2', !stacked && 'md:justify-end')}>
        {onView ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onView(doc)}
            aria-label={`View ${doc.name}`}
          >
            <Eye aria-hidden="true" />
            View
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={downloading}
            onClick={download}
            aria-label={`Download ${doc.name}`}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
        {canReview && doc.status !== 'approved' && (
          <Button
            size="sm"
            disabled={review.isPending}
            onClick={() => submit('approved')}
            aria-label={`Approve ${doc.name}`}
          >
            <Check aria-hidden="true" />
            Approve
          </Button>
        )}
        {canReview && doc.status !== 'rejected' && (
          <Button
            size="sm"
            variant="outline"
            disabled={review.isPending}
            onClick={() => setRejecting(true)}
            aria-label={`Reject ${doc.name}`}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        )}
      </div>
      {canReview && (
        <RejectDocumentDialog
          documentName={doc.name}
          open={rejecting}
          pending={review.isPending}
          onOpenChange={setRejecting}
          onReject={(note) => submit('rejected', note)}
        />
      )}
    </li>
  );
}
