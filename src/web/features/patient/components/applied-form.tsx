import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { todayIso } from '../../../../shared/dates';
import { PatientAppliedBodySchema } from '../../../../shared/schemas/state-application';
import { useRecordApplied } from '../api/licence';

type Input = z.input<typeof PatientAppliedBodySchema>;
type Output = z.output<typeof PatientAppliedBodySchema>;

const FIELDS: FieldSpecs<Input> = {
  submittedOn: { label: 'Date you applied', id: 'applied-submittedOn' },
  ommaApplicationNumber: {
    label: 'OMMA application number (optional)',
    id: 'applied-ommaApplicationNumber',
  },
};

/**
 * "I have applied" (patient_submits): the patient tells the clinic they applied at OMMA's
 * portal, so the reminders stop and the journey moves on. The server checks the date against
 * the recommendation's window.
 */
export function AppliedForm({ submitBy }: { submitBy: string }) {
  const record = useRecordApplied();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(PatientAppliedBodySchema),
    defaultValues: { submittedOn: todayIso(), ommaApplicationNumber: '' },
  });
  const feedback = useFormFeedback(form, FIELDS);
  const onSubmit = feedback.handleSubmit((values) =>
    record.mutateAsync(values).then(
      () => toast({ title: 'Thank you', description: 'We noted that you applied to OMMA.' }),
      (error: unknown) =>
        feedback.showServerError(error, 'Your answer could not be saved. Please try again.'),
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="I have applied">
      <h3 className="font-semibold">I have applied</h3>
      <FormErrorSummary feedback={feedback} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...feedback.field('submittedOn')}
          type="date"
          max={todayIso()}
          hint={`On or before ${submitBy}, the last day OMMA accepts your recommendation.`}
          disabled={record.isPending}
          {...form.register('submittedOn')}
        />
        <TextField
          {...feedback.field('ommaApplicationNumber')}
          autoComplete="off"
          maxLength={60}
          disabled={record.isPending}
          {...form.register('ommaApplicationNumber')}
        />
      </div>
      <FormSubmit
        pending={record.isPending}
        label="I have applied"
        pendingLabel="Saving..."
        error={feedback.formError}
        className="sm:w-fit"
      />
    </form>
  );
}
