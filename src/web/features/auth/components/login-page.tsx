import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormSubmit } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useBusinessHours } from '@/features/app-config/api/app-config';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@/lib/brand';
import { homePathFor } from '../../../../shared/roles';
import { type LoginRequest, LoginSchema } from '../../../../shared/schemas/auth';
import { useLoginMutation } from '../api/auth-mutations';
import { goToMfa } from '../api/mfa';
import { AuthCard } from './auth-card';

const FIELDS: FieldSpecs<LoginRequest> = {
  email: { label: 'Email' },
  password: { label: 'Password' },
};

export function LoginPage() {
  const businessHours = useBusinessHours();
  const [adminMode, setAdminMode] = useState(false);
  const login = useLoginMutation();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { register } = form;
  const feedback = useFormFeedback(form, FIELDS);
  const { field } = feedback;

  const onSubmit = feedback.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (answer) => {
        // Staff pass a second factor first (issue 13).
        if ('mfa' in answer) return goToMfa(answer.mfa);
        const { user } = answer;
        toast({ title: 'Welcome back!', description: 'You have been successfully logged in' });
        // A hard redirect: the next page restores the session from GET /api/user (§2.3).
        window.location.assign(homePathFor(user.role));
      },
      onError: (error) => feedback.showServerError(error, 'Login failed'),
    });
  });

  // The pending state stays on after success until the hard redirect lands.
  const pending = login.isPending || login.isSuccess;

  return (
    <AuthCard
      title={adminMode ? 'Admin Portal Access' : 'Patient Portal Login'}
      description={
        adminMode
          ? 'Sign in with your staff account to manage consultations.'
          : 'Sign in to track your application, documents and consultation.'
      }
      footer={
        <>
          <p>
            New patient?{' '}
            <Link to="/register" className="font-medium text-primary underline">
              Create an account
            </Link>
          </p>
          <p className="text-muted-foreground">
            Need help? Contact support at{' '}
            <a className="text-primary underline" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
            {SUPPORT_PHONE ? ` or ${SUPPORT_PHONE}` : ''} ({businessHours}).
          </p>
          <button
            type="button"
            className="mx-auto w-fit rounded-sm text-xs text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            aria-pressed={adminMode}
            onClick={() => setAdminMode((v) => !v)}
          >
            {adminMode ? 'Patient sign-in' : 'Staff sign-in'}
          </button>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormErrorSummary feedback={feedback} />
        <TextField type="email" autoComplete="email" {...field('email')} {...register('email')} />
        <PasswordField
          autoComplete="current-password"
          {...field('password')}
          {...register('password')}
        />
        <FormSubmit
          pending={pending}
          label="Sign In"
          pendingLabel="Signing In..."
          error={feedback.formError}
        />
      </form>
    </AuthCard>
  );
}
