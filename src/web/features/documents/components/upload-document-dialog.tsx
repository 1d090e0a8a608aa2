import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
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

const fail = (title: string, description: string) =>
  toast({ title, description, variant: 'destructive' });

/** The dashboard's upload dialog with the spec's checks and messages (§5, §8). */
export function UploadDocumentDialog({ applicationId, count }: UploadDocumentDialogProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<DashboardDocumentType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  const reset = () => {
    setType('');
    setFile(null);
    setProgress(null);
  };

  const choose = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    if (chosen && !isAcceptedType(chosen, DASHBOARD_TYPES)) {
      fail('Invalid file type', 'Please select a JPEG, PNG, or PDF file.');
      input.value = '';
      return setFile(null);
    }
    if (chosen && chosen.size > DASHBOARD_MAX_BYTES) {
      fail('File too large', 'Please select a file smaller than 10MB.');
      input.value = '';
      return setFile(null);
    }
    setFile(chosen);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file || !type)
      return fail('Missing information', 'Please select a file and document type.');
    if (!applicationId)
      return fail(
        'No application found',
        'Please create an application first before uploading documents.',
      );
    if (count >= MAX_DOCUMENTS_PER_APPLICATION)
      return fail('Upload limit reached', 'You can upload a maximum of 10 documents.');
    // Each type keeps its category's own limits (ruling 20): a photo is JPEG or PNG, 5 MB.
    const category = CATEGORY_DEFINITIONS[DASHBOARD_TYPE_TO_CATEGORY[type]];
    if (!isAcceptedType(file, category.acceptedTypes))
      return fail(
        'Invalid file type',
        `Please select a ${typeSentence(category.acceptedTypes)} file.`,
      );
    if (file.size > category.maxSize) return fail('File too large', tooLargeMessage(category.id));

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
      fail(
        'Upload failed',
        error instanceof ApiError && !error.body?.message
          ? `Upload failed: ${error.status}`
          : errorMessage(error, 'There was an error uploading your document. Please try again.'),
      );
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
          <Field id="dashboard-doc-type" label="Document Type">
            <Select
              id="dashboard-doc-type"
              value={type}
              disabled={uploading}
              onChange={(e) => setType(e.target.value as DashboardDocumentType | '')}
            >
              <option value="">Select document type</option>
              {DASHBOARD_DOCUMENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {DASHBOARD_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="dashboard-doc-file" label="File">
            <Input
              id="dashboard-doc-file"
              type="file"
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
