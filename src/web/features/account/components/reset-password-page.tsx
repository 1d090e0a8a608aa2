import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { CURRENT_USER_KEY } from '@/features/auth/api/session';
import { AuthCard } from '@/features/auth/components/auth-card';
import type { SignInNotice } from '@/features/auth/sign-in-notice';
import { useT } from '@/lib/i18n/use-t';
import { msg } from '../../../../shared/i18n/message-key';
import { PASSWORD_RESET_DONE } from '../../../../shared/schemas/account';
import { MIN_PASSWORD_LENGTH, NewPasswordSchema } from '../../../../shared/schemas/auth';
import { useResetPasswordMutation } from '../api/account';

const ResetFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: msg('auth.error.passwordsDiffer'),
    path: ['confirmPassword'],
  });
type ResetFormValues = z.infer<typeof ResetFormSchema>;

const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<ResetFormValues> => ({
  password: { label: t('auth.field.newPassword') },
  confirmPassword: { label: t('auth.field.confirmNewPassword') },
});

/**
 * /reset-password?token=…, from the emailed link: sets the new password, then sends the person
 * to sign in with it (a reset never signs anyone in; staff then pass their second factor).
 */
export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetPasswordMutation();
  const { form, feedback, field } = useSchemaForm(
    ResetFormSchema,
    { password: '', confirmPassword: '' },
    fieldsIn(t),
  );

  const onSubmit = feedback.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          // Every session of the account ended, this browser's too if it had one.
          queryClient.setQueryData([CURRENT_USER_KEY], null);
          // The notice goes by key: the sign-in page shows it in the reader's language.
          navigate('/login', {
            replace: true,
            state: { notice: PASSWORD_RESET_DONE } satisfies SignInNotice,
          });
        },
        onError: (error) => feedback.showServerError(error, t('auth.change.failed')),
      },
    ),
  );

  const askAgain = (
    <Link to="/forgot-password" className="font-medium text-primary underline">
      {t('auth.reset.askAgain')}
    </Link>
  );

  return (
    <AuthCard
      title={t('auth.reset.title')}
      description={token ? t('auth.reset.description') : undefined}
      footer={<p>{askAgain}</p>}
    >
      {token ? (
        <SchemaForm
          feedback={feedback}
          onSubmit={onSubmit}
          submit={{
            pending: reset.isPending || reset.isSuccess,
            label: t('auth.change.submit'),
            pendingLabel: t('auth.change.pending'),
          }}
        >
          <PasswordField
            autoComplete="new-password"
            hint={t('auth.password.hintNotCommon', { min: MIN_PASSWORD_LENGTH })}
            {...field('password')}
            {...form.register('password')}
          />
          <PasswordField
            autoComplete="new-password"
            {...field('confirmPassword')}
            {...form.register('confirmPassword')}
          />
        </SchemaForm>
      ) : (
        <p role="alert" className="text-sm">
          {t('auth.reset.incomplete')}
        </p>
      )}
    </AuthCard>
  );
}
