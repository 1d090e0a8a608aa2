import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { useFormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { REJECTION_NOTE_REQUIRED } from '../../../../shared/schemas/staff-documents';

const RejectSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, REJECTION_NOTE_REQUIRED)
    .max(1000, 'Keep the note under 1000 characters'),
});
type RejectValues = z.infer<typeof RejectSchema>;

interface RejectDocumentDialogProps {
  documentName: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (note: string) => void;
}

/** A rejection needs a note the patient will read (the server refuses one without). */
export function RejectDocumentDialog({
  documentName,
  open,
  pending,
  onOpenChange,
  onReject,
}: RejectDocumentDialogProps) {
  const form = useForm<RejectValues>({
    resolver: zodResolver(RejectSchema),
    defaultValues: { note: '' },
  });
  const error = form.formState.errors.note?.message;
  const feedback = useFormFeedback(form, {
    note: { label: 'Reason for rejection', id: 'reject-note' },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject document</DialogTitle>
          <DialogDescription className="break-all">{documentName}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid grid-cols-1 gap-4"
          onSubmit={feedback.handleSubmit((values) => onReject(values.note))}
        >
          <FormErrorSummary feedback={feedback} />
          <Field
            id="reject-note"
            label="Reason for rejection"
            error={error}
            hint="The patient sees this note and can upload a new file."
          >
            <Textarea
              id="reject-note"
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldDescribedBy('reject-note', error, true)}
              {...form.register('note')}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              Reject
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
