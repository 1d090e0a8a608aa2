import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { homePathFor } from '../../../../shared/roles';
import {
  type AuthRegisterRequest,
  AuthRegisterSchema,
  MIN_PASSWORD_LENGTH,
} from '../../../../shared/schemas/auth';
import { useAuthRegisterMutation } from '../api/auth-mutations';

const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<AuthRegisterRequest> => ({
  firstName: { label: t('auth.field.firstName'), id: 'auth-first-name' },
  lastName: { label: t('auth.field.lastName'), id: 'auth-last-name' },
  email: { label: t('auth.field.email'), id: 'auth-email' },
  password: { label: t('auth.field.password'), id: 'auth-password' },
});

export function AuthSignUpForm() {
  const t = useT();
  const signUp = useAuthRegisterMutation();
  const { form, feedback, field } = useSchemaForm(
    AuthRegisterSchema,
    { firstName: '', lastName: '', email: '', password: '' },
    fieldsIn(t),
  );
  const { register } = form;

  const onSubmit = feedback.handleSubmit((values) => {
    signUp.mutate(values, {
      onSuccess: ({ user }) => {
        toast({
          title: t('auth.register.createdTitle'),
          description: t('auth.register.createdDescription'),
        });
        window.location.assign(homePathFor(user.role));
      },
      onError: (error) => feedback.showServerError(error, t('auth.register.failed')),
    });
  });

  const pending = signUp.isPending || signUp.isSuccess;

  return (
    <SchemaForm
      feedback={feedback}
      onSubmit={onSubmit}
      submit={{
        pending,
        label: t('auth.register.submit'),
        pendingLabel: t('auth.register.pending'),
      }}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField autoComplete="given-name" {...field('firstName')} {...register('firstName')} />
        <TextField autoComplete="family-name" {...field('lastName')} {...register('lastName')} />
      </div>
      <TextField type="email" autoComplete="email" {...field('email')} {...register('email')} />
      <PasswordField
        autoComplete="new-password"
        hint={t('auth.password.hint', { min: MIN_PASSWORD_LENGTH })}
        {...field('password')}
        {...register('password')}
      />
    </SchemaForm>
  );
}
