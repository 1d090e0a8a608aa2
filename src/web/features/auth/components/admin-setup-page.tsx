import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { FullPageSpinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { AdminSetupSchema } from '../../../../shared/schemas/users';
import { useAdminExists, useAdminSetupMutation } from '../api/admin-setup';
import { goToMfa } from '../api/mfa';
import { AuthCard } from './auth-card';

const SetupFormSchema = AdminSetupSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);
type SetupForm = z.infer<typeof SetupFormSchema>;

const FIELDS: FieldSpecs<SetupForm> = {
  firstName: { label: 'First name' },
  lastName: { label: 'Last name' },
  email: { label: 'Email' },
  password: { label: 'Password' },
  confirmPassword: { label: 'Confirm password' },
  setupToken: { label: 'Setup token' },
};

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
  const form = useForm<SetupForm>({
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
  const { register } = form;
  const feedback = useFormFeedback(form, FIELDS);
  const { field } = feedback;

  const onSubmit = feedback.handleSubmit(({ confirmPassword: _confirm, setupToken, ...values }) => {
    const body = setupToken ? { ...values, setupToken } : values;
    setup.mutate(body, {
      onSuccess: (answer) => {
        // With the second factor required, the new admin sets up their authenticator first.
        if ('mfa' in answer) return goToMfa(answer.mfa);
        toast({ title: 'Admin Account Created', description: 'Opening the admin dashboard...' });
        setTimeout(() => window.location.assign('/admin/dashboard'), REDIRECT_AFTER_SETUP_MS);
      },
      onError: (error) => feedback.showServerError(error, 'Could not create the admin account'),
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
        <FormErrorSummary feedback={feedback} />
        <div className="grid gap-4 sm:grid-cols-2">
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
        <PasswordField
          autoComplete="new-password"
          {...field('confirmPassword')}
          {...register('confirmPassword')}
        />
        <PasswordField
          autoComplete="off"
          hint="Required in production: the value of ADMIN_SETUP_TOKEN on the server. Not needed in development."
          {...field('setupToken')}
          {...register('setupToken')}
        />
        <FormSubmit
          pending={pending}
          label="Create Admin Account"
          pendingLabel="Creating Admin..."
          error={feedback.formError}
        />
      </form>
    </AuthCard>
  );
}
