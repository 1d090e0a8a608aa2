import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import type { FieldSpecs } from '@/components/form/use-form-feedback';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useBusinessHours } from '@/features/app-config/api/app-config';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@/lib/brand';
import { RETURN_PARAM, safeReturnPath } from '../../../../shared/return-path';
import { homePathFor } from '../../../../shared/roles';
import { type LoginRequest, LoginSchema } from '../../../../shared/schemas/auth';
import { useLoginMutation } from '../api/auth-mutations';
import { goToMfa } from '../api/mfa';
import { signInNoticeOf } from '../sign-in-notice';
import { AuthCard } from './auth-card';
import { ForgotPasswordLink } from './forgot-password-link';

const FIELDS: FieldSpecs<LoginRequest> = {
  email: { label: 'Email' },
  password: { label: 'Password' },
};

export function LoginPage() {
  const businessHours = useBusinessHours();
  // Sent here by a password reset or the staff idle guard: say why (on the staff sign-in).
  const notice = signInNoticeOf(useLocation().state);
  const [adminMode, setAdminMode] = useState(notice?.staff === true);
  const login = useLoginMutation();
  const { form, feedback, field } = useSchemaForm(LoginSchema, { email: '', password: '' }, FIELDS);
  const { register } = form;

  const onSubmit = feedback.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (answer) => {
        // Staff pass a second factor first (issue 13).
        if ('mfa' in answer) return goToMfa(answer.mfa);
        const { user } = answer;
        toast({ title: 'Welcome back!', description: 'You have been successfully logged in' });
        // A hard redirect: the next page restores the session from GET /api/user (§2.3).
        // Back to the page that sent them here (a message's link), when it is on this site.
        const back = safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));
        window.location.assign(back ?? homePathFor(user.role));
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
      {notice && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-border bg-muted p-3 text-sm font-medium"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {notice.notice}
        </p>
      )}
      <SchemaForm
        feedback={feedback}
        onSubmit={onSubmit}
        submit={{ pending, label: 'Sign In', pendingLabel: 'Signing In...' }}
      >
        <TextField type="email" autoComplete="email" {...field('email')} {...register('email')} />
        <PasswordField
          autoComplete="current-password"
          {...field('password')}
          {...register('password')}
        />
        <ForgotPasswordLink />
      </SchemaForm>
    </AuthCard>
  );
}
