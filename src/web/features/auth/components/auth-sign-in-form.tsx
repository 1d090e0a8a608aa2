import { z } from 'zod';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { msg } from '../../../../shared/i18n/message-key';
import { homePathFor } from '../../../../shared/roles';
import { EmailSchema } from '../../../../shared/schemas/auth';
import { useLoginMutation } from '../api/auth-mutations';
import { goToMfa } from '../api/mfa';
import { ForgotPasswordLink } from './forgot-password-link';

// The /auth screen's own wording (patient-side.md §5) with ruling 11: sign-in only needs a
// non-empty password.
const AuthSignInSchema = z.object({
  email: EmailSchema(msg('auth.error.emailInvalid')),
  password: z.string().min(1, msg('auth.error.passwordRequired')),
});
type AuthSignInValues = z.infer<typeof AuthSignInSchema>;

const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<AuthSignInValues> => ({
  email: { label: t('auth.field.email'), id: 'auth-email' },
  password: { label: t('auth.field.password'), id: 'auth-password' },
});

export function AuthSignInForm() {
  const t = useT();
  const login = useLoginMutation();
  const { form, feedback, field } = useSchemaForm(
    AuthSignInSchema,
    { email: '', password: '' },
    fieldsIn(t),
  );
  const { register, resetField } = form;

  const onSubmit = feedback.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (answer) => {
        // Staff pass a second factor first (issue 13).
        if ('mfa' in answer) return goToMfa(answer.mfa);
        const { user } = answer;
        toast({
          title: t('auth.signIn.welcomeTitle'),
          description: t('auth.signIn.welcomeDescription'),
        });
        window.location.assign(homePathFor(user.role));
      },
      onError: (error) => {
        // The password goes; the email stays so a typo in the password is quick to fix.
        resetField('password');
        feedback.showServerError(error, t('auth.signIn.failed'));
      },
    });
  });

  const pending = login.isPending || login.isSuccess;

  return (
    <SchemaForm
      feedback={feedback}
      onSubmit={onSubmit}
      submit={{ pending, label: t('auth.signIn.submit'), pendingLabel: t('auth.signIn.pending') }}
    >
      <TextField type="email" autoComplete="email" {...field('email')} {...register('email')} />
      <PasswordField
        autoComplete="current-password"
        {...field('password')}
        {...register('password')}
      />
      <ForgotPasswordLink />
    </SchemaForm>
  );
}
