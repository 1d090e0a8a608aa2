import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import type { License } from '../../../../shared/schemas/state-application';
import { PatientLicenseBodySchema } from '../../../../shared/schemas/state-application';
import { useSaveLicense } from '../api/licence';

type Input = z.input<typeof PatientLicenseBodySchema>;
type Output = z.output<typeof PatientLicenseBodySchema>;

const FIELDS: FieldSpecs<Input> = {
  licenseNumber: { label: 'Licence number', id: 'licence-licenseNumber' },
  expiresOn: { label: 'Expires on', id: 'licence-expiresOn' },
};

/** The patient's own OMMA licence: its number and expiry, for the renewal reminders. */
export function LicenceForm({ license, onDone }: { license: License | null; onDone: () => void }) {
  const save = useSaveLicense();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(PatientLicenseBodySchema),
    defaultValues: {
      licenseNumber: license?.licenseNumber ?? '',
      expiresOn: license?.expiresOn ?? '',
    },
  });
  const feedback = useFormFeedback(form, FIELDS);
  const onSubmit = feedback.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        toast({
          title: 'Licence saved',
          description: 'We email you before it expires so you can renew in time.',
        });
        onDone();
      },
      (error: unknown) =>
        feedback.showServerError(error, 'Your licence could not be saved. Please try again.'),
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Your OMMA licence">
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
        hint="As printed on your licence card."
        disabled={save.isPending}
        {...form.register('expiresOn')}
      />
      <FormSubmit
        pending={save.isPending}
        label="Save licence"
        pendingLabel="Saving..."
        error={feedback.formError}
      />
    </form>
  );
}
