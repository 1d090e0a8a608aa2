import { ClipboardCheck, FolderOpen, Phone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import type { ConsultationStatusRecord } from '../../../../shared/schemas/follow-up';
import { useInitiateDocumentCollection, useMarkDocumentsCollected } from '../api/follow-up';

/** Digits and a leading plus: what a tel: link dials. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function disabledReason(record: ConsultationStatusRecord): string | null {
  if (record.applicationStatus === 'approved') return null;
  if (record.applicationStatus === 'documents_collected') return null;
  if (record.outcome === 'not_approved')
    return 'The recommendation was not approved, so no documents are collected.';
  return 'Documents are collected once the recommendation is approved.';
}

/** Call Patient, Start Collection and Mark Documents Collected for one consultation. */
export function FollowUpActions({ record }: { record: ConsultationStatusRecord }) {
  const initiate = useInitiateDocumentCollection();
  const markCollected = useMarkDocumentsCollected();
  const approved = record.applicationStatus === 'approved';
  const reason = disabledReason(record);
  const reasonId = `follow-up-reason-${record.id}`;
  const busy = initiate.isPending || markCollected.isPending;

  if (record.consultationStatus === 'documents_collected') {
    return (
      <p className="flex items-center gap-2 text-sm text-success">
        <ClipboardCheck aria-hidden="true" className="size-4" />
        Documents collected. Nothing left to do.
      </p>
    );
  }

  const startCollection = () =>
    initiate.mutate(
      { applicationId: record.applicationId, consultationId: record.id },
      {
        onSuccess: (answer) =>
          toast({
            title: answer.message,
            description: `Collect ${record.patientName}'s documents, then mark them collected.`,
          }),
        onError: (error) =>
          toast({
            title: 'Failed to start collection',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  const markDocumentsCollected = () =>
    markCollected.mutate(record.applicationId, {
      onSuccess: () =>
        toast({
          title: 'Status Updated',
          description: `${record.patientName}'s documents are marked collected.`,
        }),
      onError: (error) =>
        toast({
          title: 'Failed to update status',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="grid gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {record.patientPhone && (
          <Button asChild variant="outline">
            <a
              href={telHref(record.patientPhone)}
              aria-label={`Call Patient ${record.patientName} at ${record.patientPhone}`}
            >
              <Phone aria-hidden="true" />
              Call Patient
            </a>
          </Button>
        )}
        {record.consultationStatus === 'completed' && !record.taskId && (
          <Button
            variant="secondary"
            onClick={startCollection}
            disabled={!approved || busy}
            aria-describedby={reason ? reasonId : undefined}
          >
            <FolderOpen aria-hidden="true" />
            {initiate.isPending ? 'Starting...' : 'Start Collection'}
          </Button>
        )}
        <Button
          onClick={markDocumentsCollected}
          disabled={!approved || busy}
          aria-describedby={reason ? reasonId : undefined}
        >
          <ClipboardCheck aria-hidden="true" />
          {markCollected.isPending ? 'Updating...' : 'Mark Documents Collected'}
        </Button>
      </div>
      {reason && (
        <p id={reasonId} className="text-xs text-muted-foreground">
          {reason}
        </p>
      )}
    </div>
  );
}
