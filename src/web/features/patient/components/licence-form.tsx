import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import type { License } from '../../../../shared/schemas/state-application';
import { PatientLicenseBodySchema } from '../../../../shared/schemas/state-application';
import { useSaveLicense } from '../api/licence';

type Input = z.input<typeof PatientLicenseBodySchema>;
type Output = z.output<typeof PatientLicenseBodySchema>;

const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<Input> => ({
  licenseNumber: { label: t('dashboard.licenceForm.number'), id: 'licence-licenseNumber' },
  expiresOn: { label: t('dashboard.licenceForm.expiresOn'), id: 'licence-expiresOn' },
});

/** The patient's own OMMA licence: its number and expiry, for the renewal reminders. */
export function LicenceForm({ license, onDone }: { license: License | null; onDone: () => void }) {
  const t = useT();
  const save = useSaveLicense();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(PatientLicenseBodySchema),
    defaultValues: {
      licenseNumber: license?.licenseNumber ?? '',
      expiresOn: license?.expiresOn ?? '',
    },
  });
  const feedback = useFormFeedback(form, fieldsIn(t));
  const onSubmit = feedback.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        toast({
          title: t('dashboard.licenceForm.savedTitle'),
          description: t('dashboard.licenceForm.savedBody'),
        });
        onDone();
      },
      (error: unknown) => feedback.showServerError(error, t('dashboard.licenceForm.notSaved')),
    ),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-3"
      aria-label={t('dashboard.licenceForm.label')}
    >
      <FormErrorSummary feedback={feedback} />
      <TextField
        {...feedback.field('licenseNumber')}
        autoComplete="off"
        maxLength={60}
        disabled={save.isPending}
        {...form.register('licenseNumber')}
      />
      <TextField
        {...feedback.field('expiresOn')}
        type="date"
        hint={t('dashboard.licenceForm.hint')}
        disabled={save.isPending}
        {...form.register('expiresOn')}
      />
      <FormSubmit
        pending={save.isPending}
        label={t('dashboard.licenceForm.save')}
        pendingLabel={t('dashboard.saving')}
        error={feedback.formError}
      />
    </form>
  );
}
