import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { isApiError } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/format';
import type { PatientRecord, StaffDocument } from '../../../../shared/schemas/staff-documents';
import { StaffDocumentList } from '../../staff-documents/components/staff-document-list';
import { patientRecordKey } from '../api/consultation';
import { caregiverOf, OutcomeForm } from '../components/outcome-form';
import { ApplicationDetails } from '../components/patient-record-view';
import { DocumentViewerDialog } from './document-viewer-dialog';
import { EarlierConsultations } from './earlier-consultations';
import { IdentityImages } from './identity-images';
import { PhysicianNotes } from './physician-notes';
import {
  RequiredDocuments,
  requiredDocumentsOf,
  unapprovedDocumentsOf,
} from './required-documents';
import type { RoomConsultation } from './use-room-consultation';

// The chart beside the video (issue 12): who the patient is, their ID and photo (SB 1066),
// the documents the state requires with Approve / Reject (an approval waits for them, issue
// 21), the application with its conditions, caregiver and notes, the physician's notes saved
// as they type, the outcome (open once the consultation has ended), the other documents and
// the earlier consultations. The physician never leaves the room for any of it: a document's
// View opens it in a dialog over the room.

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-2">
      <h3 id={id} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

interface ChartPanelProps {
  consultation: RoomConsultation;
  /** The consultation has ended: the outcome form opens. */
  ended: boolean;
  /** May review documents (ruling 3: `documents`; a doctor, the patient being seen). */
  canReview: boolean;
}

export function ChartPanel({ consultation, ended, canReview }: ChartPanelProps) {
  const { record } = consultation;
  if (!consultation.canRead)
    return (
      <EmptyState title="Patient records are not part of your role">
        Reading a patient's chart needs the Document Management permission.
      </EmptyState>
    );
  if (!consultation.patientId || record.isPending)
    return <LoadingState label="Loading the patient's chart" />;
  if (record.isError)
    return isApiError(record.error, 404) ? (
      <EmptyState title="Patient record not found">
        A doctor opens the chart only of a patient they are seeing.
      </EmptyState>
    ) : (
      <ErrorState
        error={record.error}
        fallback="Could not load the patient's chart."
        onRetry={() => record.refetch()}
      />
    );
  return (
    <Chart data={record.data} consultation={consultation} ended={ended} canReview={canReview} />
  );
}

function Chart({
  data,
  consultation,
  ended,
  canReview,
}: {
  data: PatientRecord;
  consultation: RoomConsultation;
  ended: boolean;
  canReview: boolean;
}) {
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<StaffDocument | null>(null);
  const p = data.patient;
  const id = consultation.consultationId;
  // A saved text goes into the cached record too: the sheet, opened again, starts from it.
  const onSaved = (text: string) =>
    queryClient.setQueryData<PatientRecord>([patientRecordKey(p.id)], (old) =>
      old
        ? {
            ...old,
            consultation:
              old.consultation?.id === id ? { ...old.consultation, notes: text } : old.consultation,
            consultations: old.consultations.map((c) => (c.id === id ? { ...c, notes: text } : c)),
          }
        : old,
    );
  const current = data.consultations.find((c) => c.id === id);
  const notes = data.consultation?.id === id ? data.consultation.notes : (current?.notes ?? '');
  const outcome = consultation.outcome ?? current?.outcome ?? null;
  const required = new Set(requiredDocumentsOf(data.documents));
  const others = data.documents.filter((d) => !required.has(d));
  return (
    <div className="grid grid-cols-1 gap-5 p-4">
      <div>
        <h2 className="text-lg font-semibold">
          {[p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')}
        </h2>
        <p className="text-sm text-muted-foreground">
          Date of birth: {p.dateOfBirth ? formatCalendarDate(p.dateOfBirth) : 'not given'}
        </p>
      </div>
      <Section title="Identity">
        <IdentityImages documents={data.documents} />
      </Section>
      <Section title="Required documents">
        <RequiredDocuments documents={data.documents} canReview={canReview} onView={setViewing} />
      </Section>
      <ApplicationDetails record={data} />
      {consultation.canDecide && id && (
        <Section title="Consultation notes">
          <PhysicianNotes
            key={id}
            consultationId={id}
            initial={notes}
            locked={!!outcome}
            onSaved={onSaved}
          />
        </Section>
      )}
      {consultation.canDecide && id && (
        <OutcomeForm
          key={id}
          consultationId={id}
          recorded={outcome}
          inProgress={!ended}
          unapprovedDocuments={unapprovedDocumentsOf(data.documents)}
          caregiver={caregiverOf(data.application)}
        />
      )}
      <Section title="Other documents">
        {others.length === 0 ? (
          <p className="text-sm text-muted-foreground">No other documents.</p>
        ) : (
          <StaffDocumentList
            documents={others}
            label="The patient's documents"
            canReview={canReview}
            showPatient={false}
            onView={setViewing}
            stacked
          />
        )}
        <DocumentViewerDialog doc={viewing} onClose={() => setViewing(null)} />
      </Section>
      <Section title="Earlier consultations">
        <EarlierConsultations consultations={data.consultations} currentId={id} />
      </Section>
    </div>
  );
}
