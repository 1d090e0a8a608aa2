import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { TextField } from '@/components/ui/text-field';
import { MfaCodeSchema } from '../../../../shared/schemas/account';

type CodeValues = { code: string };

interface MfaCodeFormProps {
  /** Sends the code; rejects with the server's answer, shown beside the field. */
  onCode: (code: string) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  /** A recovery code instead of the six digits from the app. */
  recovery?: boolean;
  pending: boolean;
}

/** The one code field of the second factor: six digits, or a recovery code. */
export function MfaCodeForm({
  onCode,
  submitLabel,
  pendingLabel,
  recovery = false,
  pending,
}: MfaCodeFormProps) {
  const label = recovery ? 'Recovery code' : '6-digit code';
  const fields: FieldSpecs<CodeValues> = { code: { label, id: 'mfa-code' } };
  const form = useForm<CodeValues>({
    resolver: zodResolver(MfaCodeSchema),
    defaultValues: { code: '' },
  });
  const feedback = useFormFeedback(form, fields);

  const onSubmit = feedback.handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      form.resetField('code');
      feedback.showServerError(error, 'Could not check the code');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormErrorSummary feedback={feedback} />
      <TextField
        {...feedback.field('code')}
        {...form.register('code')}
        key={recovery ? 'recovery' : 'totp'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        className="font-mono text-lg tracking-widest"
        hint={
          recovery
            ? 'One of the ten codes you saved when you set up two-step sign-in, like abcde-23456. Each works once.'
            : 'The code your authenticator app shows for OKMMJ Telehealth. It changes every 30 seconds.'
        }
      />
      <FormSubmit
        pending={pending}
        label={submitLabel}
        pendingLabel={pendingLabel}
        error={feedback.formError}
      />
    </form>
  );
}
