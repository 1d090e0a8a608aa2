import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { homePathFor } from '../../../../shared/roles';
import { type AuthRegisterRequest, AuthRegisterSchema } from '../../../../shared/schemas/auth';
import { useAuthRegisterMutation } from '../api/auth-mutations';

const FIELDS: FieldSpecs<AuthRegisterRequest> = {
  firstName: { label: 'First name', id: 'auth-first-name' },
  lastName: { label: 'Last name', id: 'auth-last-name' },
  email: { label: 'Email', id: 'auth-email' },
  password: { label: 'Password', id: 'auth-password' },
};

export function AuthSignUpForm() {
  const signUp = useAuthRegisterMutation();
  const { form, feedback, field } = useSchemaForm(
    AuthRegisterSchema,
    { firstName: '', lastName: '', email: '', password: '' },
    FIELDS,
  );
  const { register } = form;

  const onSubmit = feedback.handleSubmit((values) => {
    signUp.mutate(values, {
      onSuccess: ({ user }) => {
        toast({
          title: 'Account created!',
          description: 'Your account has been successfully created',
        });
        window.location.assign(homePathFor(user.role));
      },
      onError: (error) => feedback.showServerError(error, 'Failed to create account'),
    });
  });

  const pending = signUp.isPending || signUp.isSuccess;

  return (
    <SchemaForm
      feedback={feedback}
      onSubmit={onSubmit}
      submit={{ pending, label: 'Create Account', pendingLabel: 'Creating Account...' }}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField autoComplete="given-name" {...field('firstName')} {...register('firstName')} />
        <TextField autoComplete="family-name" {...field('lastName')} {...register('lastName')} />
      </div>
      <TextField type="email" autoComplete="email" {...field('email')} {...register('email')} />
      <PasswordField
        autoComplete="new-password"
        hint="At least 8 characters."
        {...field('password')}
        {...register('password')}
      />
    </SchemaForm>
  );
}
