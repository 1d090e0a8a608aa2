import { CheckCircle2, CircleAlert } from 'lucide-react';
import {
  type UnapprovedDocument,
  unapprovedRequiredDocuments,
} from '../../../../shared/approval-documents';
import { CATEGORY_DEFINITIONS, QUEUE_REQUIRED_DOCUMENTS } from '../../../../shared/documents';
import type { StaffDocument } from '../../../../shared/schemas/staff-documents';
import { StaffDocumentList } from '../../staff-documents/components/staff-document-list';

// The documents the state requires (ID, residency, photo) at the top of the room's chart, each
// with Approve and Reject (issue 21): an approval of the recommendation is refused while one is
// under review or rejected, so the physician reviews them here, beside the identity images,
// without leaving the call.

const REQUIRED: readonly string[] = QUEUE_REQUIRED_DOCUMENTS;

/** The current documents in the required categories, in the state's order (ID first). */
export const requiredDocumentsOf = (documents: readonly StaffDocument[]) =>
  documents
    .filter((d) => REQUIRED.includes(d.category) && !d.replacedAt && !d.generated)
    .sort((a, b) => REQUIRED.indexOf(a.category) - REQUIRED.indexOf(b.category));

/** What still stands between the physician and an approval (empty when nothing does). */
export const unapprovedDocumentsOf = (documents: readonly StaffDocument[]): UnapprovedDocument[] =>
  unapprovedRequiredDocuments(requiredDocumentsOf(documents));

export function RequiredDocuments({
  documents,
  canReview,
  onView,
}: {
  documents: StaffDocument[];
  /** May review documents (ruling 3: `documents`; a doctor, the patient being seen). */
  canReview: boolean;
  onView: (doc: StaffDocument) => void;
}) {
  const required = requiredDocumentsOf(documents);
  const unapproved = unapprovedRequiredDocuments(required);
  const missing = unapproved.filter((d) => d.state === 'missing');
  return (
    <div className="grid grid-cols-1 gap-2">
      {unapproved.length === 0 ? (
        <p className="flex items-center gap-2 text-sm">
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
          All three are approved.
        </p>
      ) : (
        <p className="flex items-start gap-2 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          Approving the recommendation needs the ID, proof of residency and photo approved.
        </p>
      )}
      {missing.length > 0 && (
        <p className="text-sm text-destructive">
          Not uploaded: {missing.map((d) => CATEGORY_DEFINITIONS[d.category].name).join(', ')}.
        </p>
      )}
      {required.length > 0 && (
        <StaffDocumentList
          documents={required}
          label="Required documents"
          canReview={canReview}
          showPatient={false}
          onView={onView}
          stacked
        />
      )}
    </div>
  );
}
