import { type ReactNode, useState } from 'react';
import { PatientLanguageBadge } from '@/components/patient-language';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/data-states';
import { formatDate } from '@/lib/format';
import { APPLICATION_TYPE_LABELS, REDUCED_FEE_REASON_LABELS } from '../../../../shared/fees';
import { PAYMENT_STATUS_LABELS, paymentStatusTone } from '../../../../shared/payment-status-labels';
import type { PatientRecord, StaffDocument } from '../../../../shared/schemas/staff-documents';
import { StaffDocumentList } from '../../staff-documents/components/staff-document-list';
import { DocumentViewerDialog } from '../room/document-viewer-dialog';

const APPLICATION_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  payment_completed: 'Payment Completed',
  in_review: 'In Review',
  documents_collected: 'Documents Collected',
  approved: 'Approved',
  rejected: 'Not Approved',
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm wrap-anywhere">{children || '—'}</dd>
    </div>
  );
}

export function PatientDetails({ record }: { record: PatientRecord }) {
  const p = record.patient;
  const address = [p.address, p.apartment, p.city, p.state, p.zipCode].filter(Boolean).join(', ');
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Patient</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Detail term="Name">
            {[p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')}
          </Detail>
          <Detail term="Date of birth">
            {p.dateOfBirth ? formatDate(`${p.dateOfBirth}T12:00:00Z`) : ''}
          </Detail>
          <Detail term="Language">
            {p.language === 'es' ? (
              <span className="inline-flex items-center gap-2">
                Spanish <PatientLanguageBadge language={p.language} />
              </span>
            ) : (
              'English'
            )}
          </Detail>
          <Detail term="Email">{p.email}</Detail>
          <Detail term="Phone">{p.phone}</Detail>
          <Detail term="Address">{address}</Detail>
          <Detail term="Registered">{formatDate(p.createdAt)}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

export function ApplicationDetails({ record }: { record: PatientRecord }) {
  const app = record.application;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Application</h2>
        {app && (
          <CardDescription className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-foreground">{APPLICATION_TYPE_LABELS[app.type]}</span>
            <Badge
              variant={
                app.status === 'approved'
                  ? 'success'
                  : app.status === 'rejected'
                    ? 'destructive'
                    : 'outline'
              }
            >
              {APPLICATION_STATUS_LABELS[app.status] ?? app.status}
            </Badge>
            <Badge variant={paymentStatusTone(app.paymentStatus)}>
              {PAYMENT_STATUS_LABELS[app.paymentStatus]}
            </Badge>
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {!app ? (
          <EmptyState title="No application yet" />
        ) : (
          <>
            <section aria-labelledby="conditions-heading" className="grid grid-cols-1 gap-2">
              <h3 id="conditions-heading" className="text-sm font-semibold">
                Qualifying conditions
              </h3>
              {app.medicalConditions.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  The patient has not filled in the application form yet.
                </p>
              ) : (
                <ul className="grid grid-cols-1 gap-1.5">
                  {app.medicalConditions.map((c) => (
                    <li key={c.id} className="flex flex-wrap items-baseline gap-2 text-sm">
                      <Badge variant="outline" className="font-mono">
                        {c.icdCode ?? 'No code'}
                      </Badge>
                      <span>{c.description}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Detail term="Caregiver">
                {app.needsCaregiver
                  ? [
                      [app.caregiverFirstName, app.caregiverLastName].filter(Boolean).join(' '),
                      app.relationship && `(${app.relationship})`,
                    ]
                      .filter(Boolean)
                      .join(' ')
                  : 'None'}
              </Detail>
              {app.needsCaregiver && (
                <Detail term="Caregiver contact">
                  {[app.caregiverPhone, app.caregiverEmail].filter(Boolean).join(' · ')}
                </Detail>
              )}
              <Detail term="Reduced fee">
                {app.hasReducedFee && app.reducedFeeReason
                  ? REDUCED_FEE_REASON_LABELS[app.reducedFeeReason]
                  : 'No'}
              </Detail>
              <Detail term="Submitted">
                {app.submittedAt ? formatDate(app.submittedAt) : 'Not yet'}
              </Detail>
            </dl>
            <section aria-labelledby="notes-heading" className="grid grid-cols-1 gap-1">
              <h3 id="notes-heading" className="text-sm font-semibold">
                Notes for the physician
              </h3>
              <p className="text-sm whitespace-pre-wrap">
                {app.physicianNotes || (
                  <span className="text-muted-foreground">The patient added no notes.</span>
                )}
              </p>
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The patient's documents; View shows one in the viewer the room uses (its page releases the
 * fetched files when it closes: useReleaseDocumentFilesOnLeave). Approve / Reject as in the
 * room's chart: an approval of the recommendation waits for the required ones (issue 21).
 */
export function RecordDocuments({
  record,
  canReview,
}: {
  record: PatientRecord;
  /** May review documents (ruling 3: `documents`; a doctor, the patient being seen). */
  canReview: boolean;
}) {
  const [viewing, setViewing] = useState<StaffDocument | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Documents</h2>
        <CardDescription>Every view is recorded in the audit log.</CardDescription>
      </CardHeader>
      <CardContent>
        {record.documents.length === 0 ? (
          <EmptyState title="No documents uploaded" />
        ) : (
          <StaffDocumentList
            documents={record.documents}
            label="The patient's documents"
            canReview={canReview}
            showPatient={false}
            onView={setViewing}
          />
        )}
        <DocumentViewerDialog doc={viewing} onClose={() => setViewing(null)} />
      </CardContent>
    </Card>
  );
}
