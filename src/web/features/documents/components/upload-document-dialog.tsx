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
import {
  CATEGORY_DEFINITIONS,
  DASHBOARD_DOCUMENT_TYPES,
  DASHBOARD_TYPE_TO_CATEGORY,
  type DashboardDocumentType,
  JPEG,
  MAX_DOCUMENTS_PER_APPLICATION,
  PDF,
  PNG,
  tooLargeMessage,
} from '../../../../shared/documents';
import { invalidateDocumentLists, uploadApplicationDocument } from '../api/documents';
import { acceptAttribute, isAcceptedType, typeSentence } from '../file-checks';

/** The dashboard's readable names for its document types. */
export const DASHBOARD_TYPE_LABELS: Record<DashboardDocumentType, string> = {
  id: 'Government ID',
  photo: 'Photograph',
  residency_proof: 'Proof of Residency',
  medical_records: 'Medical Records',
};

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
    ...(problems.type ? [{ id: TYPE_ID, label: 'Document Type', message: problems.type }] : []),
    ...(problems.file ? [{ id: FILE_ID, label: 'File', message: problems.file }] : []),
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
        ? 'Invalid file type. Please select a JPEG, PNG, or PDF file.'
        : chosen && chosen.size > DASHBOARD_MAX_BYTES
          ? 'File too large. Please select a file smaller than 10MB.'
          : undefined;
    setProblems((p) => ({ ...p, file: problem }));
    if (problem) input.value = '';
    setFile(problem ? null : chosen);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file || !type)
      return fail({
        type: type ? undefined : 'Please select a document type.',
        file: file ? undefined : 'Please select a file.',
      });
    if (!applicationId)
      return fail({}, 'Please create an application first before uploading documents.');
    if (count >= MAX_DOCUMENTS_PER_APPLICATION)
      return fail({}, 'Upload limit reached: you can upload a maximum of 10 documents.');
    // Each type keeps its category's own limits (ruling 20): a photo is JPEG or PNG, 5 MB.
    const category = CATEGORY_DEFINITIONS[DASHBOARD_TYPE_TO_CATEGORY[type]];
    if (!isAcceptedType(file, category.acceptedTypes))
      return fail({
        file: `Invalid file type. Please select a ${typeSentence(category.acceptedTypes)} file.`,
      });
    if (file.size > category.maxSize) return fail({ file: tooLargeMessage(category.id) });
    setProblems({});
    setFormError(null);

    setProgress(0);
    try {
      await uploadApplicationDocument({ file, type, applicationId }, { onProgress: setProgress });
      await invalidateDocumentLists(queryClient);
      toast({
        title: 'Document uploaded successfully',
        description: 'Your document has been uploaded and is available for admin review.',
      });
      setOpen(false);
      reset();
    } catch (error) {
      setProgress(null);
      const message =
        error instanceof ApiError && !error.body?.message
          ? `Upload failed: ${error.status}`
          : errorMessage(error, 'There was an error uploading your document. Please try again.');
      if (isNetworkFailure(error))
        toast({ title: 'Upload failed', description: message, variant: 'destructive' });
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
          Upload Document
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Upload Document</DialogTitle>
            <DialogDescription>
              JPEG, PNG or PDF. Photographs: JPEG or PNG. Up to 5MB (medical records 10MB).
            </DialogDescription>
          </DialogHeader>
          <FormErrorSummary feedback={{ items, formError, attempt }} />
          <Field id={TYPE_ID} label="Document Type" error={problems.type}>
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
              <option value="">Select document type</option>
              {DASHBOARD_DOCUMENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {DASHBOARD_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={FILE_ID} label="File" error={problems.file}>
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
                <span>Uploading…</span>
                <span>{progress}%</span>
              </div>
              <Progress value={progress} label="Upload progress" />
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
              Cancel
            </Button>
            <Button type="submit" disabled={uploading}>
              {uploading ? 'Uploading...' : 'Upload'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
