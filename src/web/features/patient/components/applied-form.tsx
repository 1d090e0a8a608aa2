import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { todayIso } from '../../../../shared/dates';
import { PatientAppliedBodySchema } from '../../../../shared/schemas/state-application';
import { useRecordApplied } from '../api/licence';

type Input = z.input<typeof PatientAppliedBodySchema>;
type Output = z.output<typeof PatientAppliedBodySchema>;

const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<Input> => ({
  submittedOn: { label: t('dashboard.applied.date'), id: 'applied-submittedOn' },
  ommaApplicationNumber: {
    label: t('dashboard.applied.number'),
    id: 'applied-ommaApplicationNumber',
  },
});

/**
 * "I have applied" (patient_submits): the patient tells the clinic they applied at OMMA's
 * portal, so the reminders stop and the journey moves on. The server checks the date against
 * the recommendation's window.
 */
export function AppliedForm({ submitBy }: { submitBy: string }) {
  const t = useT();
  const record = useRecordApplied();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(PatientAppliedBodySchema),
    defaultValues: { submittedOn: todayIso(), ommaApplicationNumber: '' },
  });
  const feedback = useFormFeedback(form, fieldsIn(t));
  const onSubmit = feedback.handleSubmit((values) =>
    record.mutateAsync(values).then(
      () =>
        toast({
          title: t('dashboard.applied.savedTitle'),
          description: t('dashboard.applied.savedBody'),
        }),
      (error: unknown) => feedback.showServerError(error, t('dashboard.applied.notSaved')),
    ),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-3"
      aria-label={t('dashboard.applied.title')}
    >
      <h3 className="font-semibold">{t('dashboard.applied.title')}</h3>
      <FormErrorSummary feedback={feedback} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...feedback.field('submittedOn')}
          type="date"
          max={todayIso()}
          hint={t('dashboard.applied.hint', { date: submitBy })}
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
        label={t('dashboard.applied.title')}
        pendingLabel={t('dashboard.saving')}
        error={feedback.formError}
        className="sm:w-fit"
      />
    </form>
  );
}
