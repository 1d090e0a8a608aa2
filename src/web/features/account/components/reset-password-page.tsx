import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { CURRENT_USER_KEY } from '@/features/auth/api/session';
import { AuthCard } from '@/features/auth/components/auth-card';
import type { SignInNotice } from '@/features/auth/sign-in-notice';
import { PASSWORD_RESET_DONE } from '../../../../shared/schemas/account';
import { NewPasswordSchema } from '../../../../shared/schemas/auth';
import { useResetPasswordMutation } from '../api/account';

const ResetFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
type ResetFormValues = z.infer<typeof ResetFormSchema>;

const FIELDS: FieldSpecs<ResetFormValues> = {
  password: { label: 'New password' },
  confirmPassword: { label: 'Confirm new password' },
};

/** The sign-in page's notice after a reset (login-page.tsx reads it from the location state). */
/**
 * /reset-password?token=…, from the emailed link: sets the new password, then sends the person
 * to sign in with it (a reset never signs anyone in; staff then pass their second factor).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetPasswordMutation();
  const { form, feedback, field } = useSchemaForm(
    ResetFormSchema,
    { password: '', confirmPassword: '' },
    FIELDS,
  );

  const onSubmit = feedback.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          // Every session of the account ended, this browser's too if it had one.
          queryClient.setQueryData([CURRENT_USER_KEY], null);
          navigate('/login', {
            replace: true,
            state: { notice: PASSWORD_RESET_DONE } satisfies SignInNotice,
          });
        },
        onError: (error) => feedback.showServerError(error, 'Could not change the password'),
      },
    ),
  );

  const askAgain = (
    <Link to="/forgot-password" className="font-medium text-primary underline">
      Ask for a new link
    </Link>
  );

  return (
    <AuthCard
      title="Choose a new password"
      description={
        token
          ? 'Choose a password you do not use anywhere else. Every device signed in to your account will be signed out.'
          : undefined
      }
      footer={<p>{askAgain}</p>}
    >
      {token ? (
        <SchemaForm
          feedback={feedback}
          onSubmit={onSubmit}
          submit={{
            pending: reset.isPending || reset.isSuccess,
            label: 'Change Password',
            pendingLabel: 'Changing Password...',
          }}
        >
          <PasswordField
            autoComplete="new-password"
            hint="At least 8 characters, not a common password."
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
          This link is not complete. Open the link from the email again, or ask for a new one.
        </p>
      )}
    </AuthCard>
  );
}
