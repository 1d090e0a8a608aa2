import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { formatFileSize } from '@/lib/format-file-size';
import type { StoredTranscription } from '../../../../shared/schemas/transcription';
import { DownloadPdfButton } from './download-pdf-button';

const OUTCOME_LABEL = { approved: 'Approved', not_approved: 'Not approved' } as const;

/** What the server drew from a stored transcription: key findings and billable content. */
export function TranscriptionResult({ stored }: { stored: StoredTranscription }) {
  const billing = stored.billableContent;
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-2">
        {stored.hipaaCompliant && (
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            HIPAA compliant storage
          </Badge>
        )}
        <span className="text-sm text-muted-foreground">
          Stored {formatDateTime(stored.updatedAt)} · {formatFileSize(stored.fileSize)}
        </span>
      </div>

      <section aria-labelledby="key-findings-heading" className="grid gap-2">
        <h3 id="key-findings-heading" className="font-semibold">
          Key findings
        </h3>
        {stored.keyFindings.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No qualifying conditions or keywords were found in the notes.
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {stored.keyFindings.map((finding) => (
              <li key={finding}>
                <Badge variant="secondary" className="whitespace-normal">
                  {finding}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="billable-heading" className="grid gap-2">
        <h3 id="billable-heading" className="font-semibold">
          Billable content
        </h3>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <Fact term="Duration">{billing.durationMinutes} min</Fact>
          <Fact term="Outcome">
            {billing.outcome ? OUTCOME_LABEL[billing.outcome] : 'Not recorded'}
          </Fact>
          <Fact term="Billable">
            {billing.billable ? (
              <Badge variant="success">Billable</Badge>
            ) : (
              <Badge variant="warning">Not billable</Badge>
            )}
          </Fact>
          <Fact term="Conditions addressed" className="sm:col-span-3">
            {billing.conditions.length === 0 ? (
              'None recorded'
            ) : (
              <ul className="grid list-disc gap-1 pl-5">
                {billing.conditions.map((c) => (
                  <li key={`${c.icdCode ?? ''}-${c.description}`}>
                    {c.description}
                    {c.icdCode && <span className="text-muted-foreground"> ({c.icdCode})</span>}
                  </li>
                ))}
              </ul>
            )}
          </Fact>
        </dl>
        {!billing.billable && (
          <p className="text-xs text-muted-foreground">
            A consultation is billable once it lasted at least a minute and its outcome is recorded.
          </p>
        )}
      </section>

      <DownloadPdfButton
        consultationId={stored.consultationId}
        patientName={stored.patientName}
        variant="default"
        size="default"
        className="w-full sm:w-fit"
      />
    </div>
  );
}

function Fact({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
