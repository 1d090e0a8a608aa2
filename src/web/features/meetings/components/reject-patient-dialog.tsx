import { zodResolver } from '@hookform/resolvers/zod';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
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
import { Textarea } from '@/components/ui/textarea';
import { RemovalReasonSchema } from '../../../../shared/schemas/removal';

const ReasonForm = z.object({ reason: RemovalReasonSchema });
type ReasonValues = z.infer<typeof ReasonForm>;
const FIELDS: FieldSpecs<ReasonValues> = {
  reason: { label: 'Reason for removing the patient', id: 'reject-patient-reason' },
};

/**
 * Removing a patient from the line asks why: the patient reads the reason, and the held fee
 * is released (issue 11; the server refuses a removal without a reason).
 */
export function RejectPatientDialog({
  name,
  disabled,
  onConfirm,
}: {
  name: string;
  disabled: boolean;
  onConfirm: (reason: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<ReasonValues>({
    resolver: zodResolver(ReasonForm),
    defaultValues: { reason: '' },
  });
  // The required reason is said beside its box and in the summary, never in a toast (issue 11).
  const feedback = useFormFeedback(form, FIELDS);
  const reason = feedback.field('reason');
  const change = (next: boolean) => {
    if (!next) form.reset();
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} aria-label={`Reject: ${name}`}>
          <UserX aria-hidden="true" />
          Reject
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject {name}?</DialogTitle>
          <DialogDescription>
            The patient leaves the waiting room and the held fee is released. They can join again
            only after paying again.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid grid-cols-1 gap-4"
          onSubmit={feedback.handleSubmit((values) => {
            onConfirm(values.reason);
            change(false);
          })}
        >
          <FormErrorSummary feedback={feedback} />
          <Field
            id={reason.id}
            label={reason.label}
            error={reason.error}
            hint="The patient sees this reason."
          >
            <Textarea
              id={reason.id}
              aria-invalid={reason.error ? true : undefined}
              aria-describedby={fieldDescribedBy(reason.id, reason.error, true)}
              {...form.register('reason')}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disabled}>
              Reject
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
