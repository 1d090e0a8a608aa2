import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/form-errors';
import { homePathFor } from '../../../../shared/roles';
import { type AuthRegisterRequest, AuthRegisterSchema } from '../../../../shared/schemas/auth';
import { useAuthRegisterMutation } from '../api/auth-mutations';

export function AuthSignUpForm() {
  const signUp = useAuthRegisterMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AuthRegisterRequest>({
    resolver: zodResolver(AuthRegisterSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    signUp.mutate(values, {
      onSuccess: ({ user }) => {
        toast({
          title: 'Account created!',
          description: 'Your account has been successfully created',
        });
        window.location.assign(homePathFor(user.role));
      },
      onError: (error) => {
        applyServerIssues(error, setError, ['firstName', 'lastName', 'email', 'password']);
        // 409: the email is taken; say so next to the field as well.
        if (isApiError(error, 409)) {
          setError('email', {
            type: 'server',
            message: errorMessage(error, 'Email already registered'),
          });
        }
        toast({
          title: 'Registration failed',
          description: errorMessage(error, 'Failed to create account'),
          variant: 'destructive',
        });
      },
    });
  });

  const pending = signUp.isPending || signUp.isSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="auth-first-name"
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          id="auth-last-name"
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        id="auth-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        id="auth-password"
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
