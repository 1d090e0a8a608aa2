import { useQueryClient } from '@tanstack/react-query';
import { Eye, FileText, Lock, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { isHandheld } from '@/lib/device';
import { isNetworkFailure } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useT, useTr } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { type CategoryDefinition, formatKb, MB } from '../../../../shared/documents';
import {
  documentViewUrl,
  invalidateDocumentLists,
  type PatientDocument,
  uploadPatientDocument,
} from '../api/documents';
import { isAcceptedType, typeList } from '../file-checks';
import { CATEGORY_DESCRIPTION_KEYS, CATEGORY_NAME_KEYS, typeSentenceIn } from '../labels';
import { DocumentStatusBadge } from './document-status-badge';
import { FilePickers } from './file-pickers';

interface CategoryCardProps {
  definition: CategoryDefinition;
  document: PatientDocument | undefined;
  headingLevel?: 'h2' | 'h3';
  /** The Browse button's id, so a form's error summary can point at it (the wizard). */
  uploadId?: string;
  /** Why the wizard cannot go on without this file; shown on the card, read with its button. */
  missingError?: string;
}

/**
 * One document category in the upload center (patient-side.md §2.11): its status, the
 * current file with View and Replace, or a drop zone; a progress bar while uploading. A
 * category the clinic issues (the recommendation) is read-only: View, never Upload or Replace.
 */
export function CategoryCard({
  definition,
  document,
  headingLevel = 'h2',
  uploadId,
  missingError,
}: CategoryCardProps) {
  const t = useT();
  const tr = useTr();
  const name = t(CATEGORY_NAME_KEYS[definition.id]);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const handheld = isHandheld();
  const ids = { title: useId(), hint: useId(), problem: useId(), missing: useId() };
  // A refused file is said on its card, where the patient chose it (not in a toast).
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = progress !== null;
  const maxMb = definition.maxSize / MB;
  const readOnly = definition.issuedByClinic;

  async function upload(file: File) {
    setProblem(null);
    if (!isAcceptedType(file, definition.acceptedTypes)) {
      setProblem(
        t('documents.error.invalidTypeUpload', {
          types: typeSentenceIn(t, definition.acceptedTypes),
        }),
      );
      return;
    }
    if (file.size > definition.maxSize) {
      setProblem(t('documents.error.tooLargePrefixed', { mb: maxMb }));
      return;
    }
    setProgress(0);
    try {
      await uploadPatientDocument(
        { file, category: definition.id },
        { onProgress: (p) => setProgress(p) },
      );
      await invalidateDocumentLists(queryClient);
      toast({
        title: t('documents.uploaded.title'),
        description: t('documents.uploaded.description'),
      });
    } catch (error) {
      const message = tr(errorMessage(error, t('documents.error.failedToUpload')));
      if (isNetworkFailure(error))
        toast({
          title: t('documents.error.uploadFailed'),
          description: message,
          variant: 'destructive',
        });
      else setProblem(t('documents.error.uploadFailedWith', { message }));
    } finally {
      setProgress(null);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) void upload(file);
  };

  const pickers = (replacing: boolean, describedBy: string | undefined) => (
    <FilePickers
      definition={definition}
      replacing={replacing}
      disabled={uploading}
      onFile={(file) => void upload(file)}
      firstId={uploadId}
      describedBy={describedBy}
    />
  );

  return (
    <Card
      aria-labelledby={ids.title}
      role="group"
      className={cn('flex flex-col', missingError && 'border-destructive')}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as={headingLevel} id={ids.title} className="text-base">
            {name}
          </CardTitle>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant={definition.required ? 'secondary' : 'outline'}>
              {readOnly
                ? t('documents.card.fromClinic')
                : definition.required
                  ? t('documents.card.required')
                  : t('documents.card.optional')}
            </Badge>
            {(document || !readOnly) && (
              <DocumentStatusBadge status={document?.status ?? 'not_uploaded'} />
            )}
          </div>
        </div>
        <CardDescription>{t(CATEGORY_DESCRIPTION_KEYS[definition.id])}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto grid gap-3">
        {missingError && (
          // Not a live region: the wizard's summary announces every missing file at once.
          <p id={ids.missing} className="text-sm font-medium break-words text-destructive">
            {missingError}
          </p>
        )}
        <div role="alert" id={ids.problem} className={cn(!problem && 'hidden')}>
          {problem && <p className="text-sm font-medium break-words text-destructive">{problem}</p>}
        </div>

        {document && (
          <div className="grid gap-2 rounded-md border border-border p-3">
            <div className="flex items-start gap-2">
              <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-all">{document.name}</p>
                <p className="text-xs text-muted-foreground">
                  {t('documents.card.uploaded', {
                    size: formatKb(document.size),
                    date: formatDate(document.uploadedAt),
                  })}
                </p>
              </div>
            </div>
            {document.status === 'rejected' && document.reviewNote && (
              <p className="text-sm text-destructive">
                {t('documents.card.reviewerNote', { note: document.reviewNote })}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <a href={documentViewUrl(document.id)} target="_blank" rel="noopener noreferrer">
                  <Eye aria-hidden="true" />
                  {t('documents.view')}
                  <span className="sr-only"> {t('documents.opensNewTab', { name })}</span>
                </a>
              </Button>
              {!readOnly && pickers(true, missingError ? ids.missing : undefined)}
            </div>
          </div>
        )}

        {!document && readOnly && (
          <p className="flex items-start gap-2 rounded-md border border-border p-3 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('documents.card.clinicAdds')}
          </p>
        )}

        {!document && !readOnly && (
          // The zone is a convenience for mouse users; the button does the same by keyboard.
          // biome-ignore lint/a11y/noStaticElementInteractions: drag-and-drop target only
          <div
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'grid justify-items-center gap-2 rounded-md border-2 border-dashed border-input p-4 text-center',
              dragging && 'border-primary bg-accent/20',
            )}
          >
            <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="text-sm">
              {handheld ? t('documents.card.takeOrChoose') : t('documents.card.dragDrop')}
            </p>
            {pickers(false, missingError ? `${ids.missing} ${ids.hint}` : ids.hint)}
            <p id={ids.hint} className="text-xs text-muted-foreground">
              {t('documents.card.hint', { types: typeList(definition.acceptedTypes), mb: maxMb })}
            </p>
          </div>
        )}

        {uploading && (
          <div className="grid gap-1" aria-live="polite">
            <div className="flex justify-between text-xs">
              <span>{t('documents.uploading')}</span>
              <span>{progress}%</span>
            </div>
            <Progress value={progress} label={t('documents.card.uploadingLabel', { name })} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
