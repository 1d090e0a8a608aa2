import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { FullPageSpinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/form-errors';
import { AdminSetupSchema } from '../../../../shared/schemas/users';
import { useAdminExists, useAdminSetupMutation } from '../api/admin-setup';
import { AuthCard } from './auth-card';

const SetupFormSchema = AdminSetupSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);
type SetupForm = z.infer<typeof SetupFormSchema>;

const REDIRECT_AFTER_SETUP_MS = 1000;

export function AdminSetupPage() {
  const exists = useAdminExists();
  if (exists.isPending) return <FullPageSpinner label="Checking setup status" />;
  // Once an admin exists, setup is closed (staff-and-video.md §2).
  if (exists.data?.exists) return <Navigate to="/auth" replace />;
  return <AdminSetupForm unreachable={exists.isError} />;
}

function AdminSetupForm({ unreachable }: { unreachable: boolean }) {
  const setup = useAdminSetupMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetupForm>({
    resolver: zodResolver(SetupFormSchema),
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      setupToken: '',
    },
  });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, setupToken, ...values }) => {
    const body = setupToken ? { ...values, setupToken } : values;
    setup.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Admin Account Created', description: 'Opening the admin dashboard...' });
        setTimeout(() => window.location.assign('/admin/dashboard'), REDIRECT_AFTER_SETUP_MS);
      },
      onError: (error) => {
        applyServerIssues(error, setError, [
          'email',
          'password',
          'firstName',
          'lastName',
          'setupToken',
        ]);
        toast({
          title: 'Setup Failed',
          description: errorMessage(error, 'Could not create the admin account'),
          variant: 'destructive',
        });
      },
    });
  });

  const pending = setup.isPending || setup.isSuccess;

  return (
    <AuthCard
      title="Admin Setup"
      description="Create the first master admin account for this clinic."
    >
      {unreachable && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Could not check whether an admin already exists. If one does, setup will be refused.
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <PasswordField
          label="Setup token"
          autoComplete="off"
          hint="Optional here; required in production when the server is configured with a setup token."
          error={errors.setupToken?.message}
          {...register('setupToken')}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Creating Admin...' : 'Create Admin Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
