import { useQuery } from '@tanstack/react-query';
import { Download, Monitor, Video } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { formatDateTime } from '@/lib/format';
import { formatFileSize } from '@/lib/format-file-size';
import type { RecordingFileView } from '../../../../shared/schemas/video';

// Recordings on the Document Management Center (§2, §4 Recording): one row per recorded
// participant stream (camera or screen), downloaded as the browser recorded it.

export const RECORDINGS_KEY = '/api/admin/recordings';

export const recordingDownloadUrl = (fileId: string) =>
  `${RECORDINGS_KEY}/${encodeURIComponent(fileId)}/download`;

const STATUS: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Recording', variant: 'warning' },
  recording: { label: 'Recording', variant: 'warning' },
  complete: { label: 'Complete', variant: 'success' },
  completed: { label: 'Complete', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  incomplete: { label: 'Incomplete', variant: 'destructive' },
};

function StatusBadge({ status }: { status: string }) {
  const known = STATUS[status] ?? {
    label: status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' '),
    variant: 'outline' as const,
  };
  return <Badge variant={known.variant}>{known.label}</Badge>;
}

/** "12 min 5 s" between two timestamps, or null while still recording. */
function duration(start: string, end: string | null): string | null {
  if (!end) return null;
  const seconds = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
  if (Number.isNaN(seconds)) return null;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m} min ${s} s` : `${s} s`;
}

/** The Recordings tab's content. */
export function RecordingsTab() {
  const list = useQuery<RecordingFileView[]>({ queryKey: [RECORDINGS_KEY] });
  if (list.isPending) return <LoadingState label="Loading recordings" />;
  if (list.isError)
    return (
      <ErrorState
        error={list.error}
        fallback="The recordings could not be loaded."
        onRetry={() => void list.refetch()}
      />
    );
  if (list.data.length === 0)
    return (
      <EmptyState title="No recordings yet">
        Consultations recorded with the patient&apos;s consent appear here, one file per participant
        and screen share.
      </EmptyState>
    );
  return (
    <ul aria-label="Recordings" className="grid grid-cols-1 gap-3">
      {list.data.map((file) => (
        <RecordingItem key={file.id} file={file} />
      ))}
    </ul>
  );
}

function RecordingItem({ file }: { file: RecordingFileView }) {
  const screen = file.videoType === 'screen';
  const TypeIcon = screen ? Monitor : Video;
  const length = duration(file.startTime, file.endTime);
  const name = `${file.roomTitle || 'Recording'}, ${file.userName}, ${screen ? 'screen' : 'video'}`;
  return (
    <li className="grid grid-cols-1 gap-3 rounded-md border border-border p-3 md:grid-cols-[1fr_auto] md:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <TypeIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="font-medium break-words">{file.roomTitle || 'Untitled room'}</span>
          <StatusBadge status={file.status} />
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>Patient</dt>
            <dd className="font-medium text-foreground">{file.patientName ?? '—'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Participant</dt>
            <dd className="font-medium text-foreground">{file.userName}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Type</dt>
            <dd>{screen ? 'Screen' : 'Video'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Size</dt>
            <dd>{formatFileSize(file.sizeBytes)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Started</dt>
            <dd>
              <time dateTime={file.startTime}>{formatDateTime(file.startTime)}</time>
            </dd>
          </div>
          {length && (
            <div className="flex gap-1">
              <dt>Length</dt>
              <dd>{length}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        {/* A plain link: recordings can be large, so the browser streams them to disk. */}
        <Button size="sm" variant="outline" asChild>
          <a href={recordingDownloadUrl(file.id)} download aria-label={`Download ${name}`}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
      </div>
    </li>
  );
}
