import { Eye, FileText } from 'lucide-react';
import { useState } from 'react';
import { PatientIdentity } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type {
  PendingTranscription,
  StoredTranscription,
} from '../../../../shared/schemas/transcription';
import { usePendingTranscriptions, useStoredTranscriptions } from '../api/transcriptions';
import { DownloadPdfButton } from './download-pdf-button';
import { TranscriptionResult } from './transcription-result';
import { TranscriptionWorkflowDialog } from './transcription-workflow-dialog';

// staff-and-video.md §2 Transcriptions tab (ruling 9: the mock table made real): ended
// consultations awaiting notes and the stored transcriptions, with the three-step workflow.

type Row =
  | { kind: 'pending'; at: string; item: PendingTranscription }
  | { kind: 'stored'; at: string; item: StoredTranscription };

const consultationLine = (row: { doctorName: string }, at: string, minutes: number) =>
  `With ${row.doctorName} · ${formatDateTime(at)} · ${minutes} min`;

function StatusBadge({ kind }: { kind: Row['kind'] }) {
  return kind === 'pending' ? (
    <Badge variant="warning">Awaiting notes</Badge>
  ) : (
    <Badge variant="success">Stored</Badge>
  );
}

export function TranscriptionsTab() {
  const pending = usePendingTranscriptions();
  const stored = useStoredTranscriptions();
  const [processing, setProcessing] = useState<PendingTranscription | null>(null);
  const [viewing, setViewing] = useState<StoredTranscription | null>(null);

  const rows: Row[] = [
    ...(pending.data ?? []).map((item) => ({
      kind: 'pending' as const,
      at: item.completedAt,
      item,
    })),
    ...(stored.data ?? []).map((item) => ({
      kind: 'stored' as const,
      at: item.consultationDate,
      item,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const failed = pending.error ?? stored.error;

  return (
    <Card>
      <CardHeader>
        <CardDescription>
          Process a consultation in three steps: copy the transcription, compile the notes, and
          store them securely. Stored transcriptions download as PDF.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isPending || stored.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading transcriptions" />
          </div>
        ) : failed ? (
          <div role="alert" className="grid justify-items-start gap-3 py-4">
            <p className="text-sm text-destructive">
              {errorMessage(failed, 'Could not load the transcriptions.')}
            </p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void pending.refetch();
                void stored.refetch();
              }}
            >
              Try again
            </Button>
          </div>
        ) : (
          <Table stacked>
            <TableCaption className="sr-only">Consultation transcriptions</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Patient</TableHead>
                <TableHead className="hidden md:table-cell">Doctor</TableHead>
                <TableHead className="hidden md:table-cell">Consultation</TableHead>
                <TableHead className="hidden md:table-cell">Duration</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                    No consultations to transcribe yet. Ended consultations appear here.
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={`${row.kind}-${row.item.consultationId}`}>
                    <TableCell label="Patient" className="px-2 sm:px-3">
                      {/* Below md the row is a card that shows every column itself. */}
                      <PatientIdentity
                        name={row.item.patientName}
                        dateOfBirth={row.item.dateOfBirth}
                        className="break-words"
                      />
                    </TableCell>
                    <TableCell label="Doctor" className="hidden md:table-cell">
                      {row.item.doctorName}
                    </TableCell>
                    <TableCell
                      label="Consultation"
                      className="hidden whitespace-nowrap md:table-cell"
                    >
                      {formatDateTime(row.at)}
                    </TableCell>
                    <TableCell label="Duration" className="hidden whitespace-nowrap md:table-cell">
                      {row.item.duration} min
                    </TableCell>
                    <TableCell label="Status" className="hidden sm:table-cell">
                      <StatusBadge kind={row.kind} />
                    </TableCell>
                    <TableCell className="px-2 sm:px-3">
                      {row.kind === 'pending' ? (
                        <Button
                          size="sm"
                          onClick={() => setProcessing(row.item)}
                          aria-label={`Process transcription for ${row.item.patientName}`}
                        >
                          <FileText aria-hidden="true" />
                          Process
                        </Button>
                      ) : (
                        <div className="flex flex-col gap-2 lg:flex-row">
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setViewing(row.item)}
                            aria-label={`View findings for ${row.item.patientName}`}
                          >
                            <Eye aria-hidden="true" />
                            View
                          </Button>
                          <DownloadPdfButton
                            consultationId={row.item.consultationId}
                            patientName={row.item.patientName}
                          />
                        </div>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>

      {processing && (
        <TranscriptionWorkflowDialog
          target={processing}
          describe={consultationLine(processing, processing.completedAt, processing.duration)}
          onClose={() => setProcessing(null)}
        />
      )}
      {viewing && (
        <Dialog open onOpenChange={(open) => !open && setViewing(null)}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Transcription: {viewing.patientName}</DialogTitle>
              <DialogDescription>
                {consultationLine(viewing, viewing.consultationDate, viewing.duration)}
              </DialogDescription>
            </DialogHeader>
            <TranscriptionResult stored={viewing} />
          </DialogContent>
        </Dialog>
      )}
    </Card>
  );
}
