import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { bornOn } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadingState } from '@/components/ui/data-states';
import { formatDateTime } from '@/lib/format';
import { formatKb } from '../../../../shared/documents';
import type { StoredTranscription } from '../../../../shared/schemas/transcription';
import { downloadFile, transcriptionDownloadUrl } from '../api/download';
import { useTranscriptions } from '../api/staff-documents';

/**
 * Consultation Transcriptions. The list is the Patient Transcriptions feature's store
 * (GET /api/admin/transcriptions, permission `transcriptions`); it is shown when the call
 * answers, and an honest empty state otherwise. Transcriptions download as PDF (§2).
 */
export function TranscriptionsPanel({ allowed }: { allowed: boolean }) {
  const list = useTranscriptions(allowed);
  if (!allowed)
    return (
      <EmptyState title="Transcriptions are not part of your role">
        Stored consultation transcriptions are available to staff with the Patient Transcriptions
        permission.
      </EmptyState>
    );
  if (list.isPending) return <LoadingState label="Loading transcriptions" />;
  if (list.isError)
    return (
      <EmptyState title="Transcriptions are not available right now">
        The transcription store did not answer. Try again later, or open the Patient Transcriptions
        tab on the dashboard.
      </EmptyState>
    );
  if (list.data.length === 0)
    return (
      <EmptyState title="No transcriptions stored yet">
        Transcriptions appear here once staff process and store them after a consultation.
      </EmptyState>
    );
  return (
    <ul aria-label="Consultation transcriptions" className="grid grid-cols-1 gap-3">
      {list.data.map((t) => (
        <TranscriptionItem key={t.consultationId} item={t} />
      ))}
    </ul>
  );
}

function TranscriptionItem({ item }: { item: StoredTranscription }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await downloadFile(transcriptionDownloadUrl(item.consultationId), 'transcription.pdf');
    setBusy(false);
  };
  return (
    <li className="grid grid-cols-1 gap-3 rounded-md border border-border p-3 md:grid-cols-[1fr_auto] md:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{item.patientName}</span>
          <span className="text-sm text-muted-foreground">
            {bornOn(item.dateOfBirth)} · with {item.doctorName}
          </span>
          {item.hipaaCompliant && (
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" className="size-3" />
              Stored securely
            </Badge>
          )}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>{formatDateTime(item.consultationDate)}</span>
          <span>{item.duration} min</span>
          <span>{formatKb(item.fileSize)}</span>
        </p>
        {item.keyFindings.length > 0 && (
          <p className="text-sm">
            <span className="font-medium">Key findings: </span>
            {item.keyFindings.join(', ')}
          </p>
        )}
      </div>
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        disabled={busy}
        onClick={download}
        aria-label={`Download PDF of the transcription for ${item.patientName}`}
      >
        <Download aria-hidden="true" />
        Download PDF
      </Button>
    </li>
  );
}
