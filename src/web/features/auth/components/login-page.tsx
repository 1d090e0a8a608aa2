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
import { T } from '@/lib/i18n/t';
import { useT, useTr } from '@/lib/i18n/use-t';
import { RETURN_PARAM, safeReturnPath } from '../../../../shared/return-path';
import { homePathFor } from '../../../../shared/roles';
import { type LoginRequest, LoginSchema } from '../../../../shared/schemas/auth';
import { useLoginMutation } from '../api/auth-mutations';
import { goToMfa } from '../api/mfa';
import { signInNoticeOf } from '../sign-in-notice';
import { AuthCard } from './auth-card';
import { ForgotPasswordLink } from './forgot-password-link';

const fieldsIn = (t: ReturnType<typeof useT>): FieldSpecs<LoginRequest> => ({
  email: { label: t('auth.field.email') },
  password: { label: t('auth.field.password') },
});

export function LoginPage() {
  const t = useT();
  const tr = useTr();
  const businessHours = useBusinessHours();
  // Sent here by a password reset or the staff idle guard: say why (on the staff sign-in).
  const notice = signInNoticeOf(useLocation().state);
  const [adminMode, setAdminMode] = useState(notice?.staff === true);
  const login = useLoginMutation();
  const { form, feedback, field } = useSchemaForm(
    LoginSchema,
    { email: '', password: '' },
    fieldsIn(t),
  );
  const { register } = form;

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
        // A hard redirect: the next page restores the session from GET /api/user (§2.3).
        // Back to the page that sent them here (a message's link), when it is on this site.
        const back = safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));
        window.location.assign(back ?? homePathFor(user.role));
      },
      onError: (error) => feedback.showServerError(error, t('auth.signIn.failed')),
    });
  });

  // The pending state stays on after success until the hard redirect lands.
  const pending = login.isPending || login.isSuccess;

  return (
    <AuthCard
      title={adminMode ? t('auth.login.staffTitle') : t('auth.login.title')}
      description={adminMode ? t('auth.login.staffDescription') : t('auth.login.description')}
      footer={
        <>
          <p>
            <T
              k="auth.login.newPatient"
              components={{
                0: <Link to="/register" className="font-medium text-primary underline" />,
              }}
            />
          </p>
          <p className="text-muted-foreground">
            <T
              k={SUPPORT_PHONE ? 'auth.login.helpWithPhone' : 'auth.login.help'}
              values={{ email: SUPPORT_EMAIL, phone: SUPPORT_PHONE ?? '', hours: businessHours }}
              components={{
                0: (
                  // Its text is the message's (<0>{email}</0>); this one satisfies the a11y lint.
                  <a className="break-all text-primary underline" href={`mailto:${SUPPORT_EMAIL}`}>
                    {SUPPORT_EMAIL}
                  </a>
                ),
              }}
            />
          </p>
          <button
            type="button"
            className="mx-auto w-fit rounded-sm text-xs text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            aria-pressed={adminMode}
            onClick={() => setAdminMode((v) => !v)}
          >
            {adminMode ? t('auth.login.patientSignIn') : t('auth.login.staffSignIn')}
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
          {tr(notice.notice)}
        </p>
      )}
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
    </AuthCard>
  );
}
