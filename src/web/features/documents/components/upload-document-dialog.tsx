import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import type { FormErrorItem } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isNetworkFailure } from '@/lib/form-errors';
import { useT, useTr } from '@/lib/i18n/use-t';
import {
  CATEGORY_DEFINITIONS,
  DASHBOARD_DOCUMENT_TYPES,
  DASHBOARD_TYPE_TO_CATEGORY,
  type DashboardDocumentType,
  JPEG,
  MAX_DOCUMENTS_PER_APPLICATION,
  PDF,
  PNG,
} from '../../../../shared/documents';
import { invalidateDocumentLists, uploadApplicationDocument } from '../api/documents';
import { acceptAttribute, isAcceptedType } from '../file-checks';
import { DASHBOARD_TYPE_KEYS, tooLargeText, typeSentenceIn } from '../labels';

// The dashboard's own limits (patient-side.md §5): its largest category's size, ruling 20.
const DASHBOARD_TYPES = [JPEG, PNG, PDF];
const DASHBOARD_MAX_BYTES = Math.max(
  ...DASHBOARD_DOCUMENT_TYPES.map(
    (t) => CATEGORY_DEFINITIONS[DASHBOARD_TYPE_TO_CATEGORY[t]].maxSize,
  ),
);

interface UploadDocumentDialogProps {
  applicationId: string | null;
  count: number;
}

const TYPE_ID = 'dashboard-doc-type';
const FILE_ID = 'dashboard-doc-file';
type Problems = { type?: string; file?: string };

/** The dashboard's upload dialog with the spec's checks and messages (§5, §8). */
export function UploadDocumentDialog({ applicationId, count }: UploadDocumentDialogProps) {
  const t = useT();
  const tr = useTr();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<DashboardDocumentType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  // Problems are said beside their field; what names no field, by the Upload button.
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const items: FormErrorItem[] = [
    ...(problems.type
      ? [{ id: TYPE_ID, label: t('documents.dialog.typeLabel'), message: problems.type }]
      : []),
    ...(problems.file
      ? [{ id: FILE_ID, label: t('documents.dialog.fileLabel'), message: problems.file }]
      : []),
  ];
  const fail = (next: Problems, message: string | null = null) => {
    setProblems(next);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const reset = () => {
    setType('');
    setFile(null);
    setProgress(null);
    setProblems({});
    setFormError(null);
  };

  const choose = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    const problem =
      chosen && !isAcceptedType(chosen, DASHBOARD_TYPES)
        ? t('documents.error.invalidTypeSelect', { types: typeSentenceIn(t, [JPEG, PNG, PDF]) })
        : chosen && chosen.size > DASHBOARD_MAX_BYTES
          ? t('documents.error.tooLargeDashboard')
          : undefined;
    setProblems((p) => ({ ...p, file: problem }));
    if (problem) input.value = '';
    setFile(problem ? null : chosen);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file || !type)
      return fail({
        type: type ? undefined : t('documents.error.selectType'),
        file: file ? undefined : t('documents.error.selectFile'),
      });
    if (!applicationId) return fail({}, t('documents.error.noApplication'));
    if (count >= MAX_DOCUMENTS_PER_APPLICATION) return fail({}, t('documents.error.limit'));
    // Each type keeps its category's own limits (ruling 20): a photo is JPEG or PNG, 5 MB.
    const category = CATEGORY_DEFINITIONS[DASHBOARD_TYPE_TO_CATEGORY[type]];
    if (!isAcceptedType(file, category.acceptedTypes))
      return fail({
        file: t('documents.error.invalidTypeSelect', {
          types: typeSentenceIn(t, category.acceptedTypes),
        }),
      });
    if (file.size > category.maxSize) return fail({ file: tooLargeText(t, category.id) });
    setProblems({});
    setFormError(null);

    setProgress(0);
    try {
      await uploadApplicationDocument({ file, type, applicationId }, { onProgress: setProgress });
      await invalidateDocumentLists(queryClient);
      toast({
        title: t('documents.uploaded.title'),
        description: t('documents.uploaded.dialogDescription'),
      });
      setOpen(false);
      reset();
    } catch (error) {
      setProgress(null);
      const message =
        error instanceof ApiError && !error.body?.message
          ? t('documents.error.uploadFailedWith', { message: error.status })
          : tr(errorMessage(error, t('documents.error.uploadError')));
      if (isNetworkFailure(error))
        toast({
          title: t('documents.error.uploadFailed'),
          description: message,
          variant: 'destructive',
        });
      else fail({}, message);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (uploading) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Upload aria-hidden="true" />
          {t('documents.dialog.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('documents.dialog.trigger')}</DialogTitle>
            <DialogDescription>{t('documents.dialog.description')}</DialogDescription>
          </DialogHeader>
          <FormErrorSummary feedback={{ items, formError, attempt }} />
          <Field id={TYPE_ID} label={t('documents.dialog.typeLabel')} error={problems.type}>
            <Select
              id={TYPE_ID}
              value={type}
              disabled={uploading}
              aria-invalid={problems.type ? true : undefined}
              aria-describedby={fieldDescribedBy(TYPE_ID, problems.type)}
              onChange={(e) => {
                setProblems((p) => ({ ...p, type: undefined }));
                setType(e.target.value as DashboardDocumentType | '');
              }}
            >
              <option value="">{t('documents.dialog.selectType')}</option>
              {DASHBOARD_DOCUMENT_TYPES.map((d) => (
                <option key={d} value={d}>
                  {t(DASHBOARD_TYPE_KEYS[d])}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={FILE_ID} label={t('documents.dialog.fileLabel')} error={problems.file}>
            <Input
              id={FILE_ID}
              type="file"
              aria-invalid={problems.file ? true : undefined}
              aria-describedby={fieldDescribedBy(FILE_ID, problems.file)}
              accept={acceptAttribute(DASHBOARD_TYPES)}
              disabled={uploading}
              onChange={(e) => choose(e.currentTarget)}
              className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
            />
          </Field>
          {uploading && (
            <div className="grid gap-1" aria-live="polite">
              <div className="flex justify-between text-xs">
                <span>{t('documents.uploading')}</span>
                <span>{progress}%</span>
              </div>
              <Progress value={progress} label={t('documents.dialog.progress')} />
            </div>
          )}
          <FormServerError message={formError} />
          <DialogFooter>
            <Button
              variant="outline"
              disabled={uploading}
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              {t('documents.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={uploading}>
              {uploading ? t('documents.dialog.uploading') : t('documents.dialog.upload')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
