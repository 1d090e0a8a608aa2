import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { T } from '@/lib/i18n/t';
import { useT } from '@/lib/i18n/use-t';
import { homePathFor } from '../../../../shared/roles';
import { useVerifyEmail } from '../api/email-verification';
import { useAuth } from '../api/session';
import { AuthCard } from './auth-card';
import { ResendVerificationButton } from './resend-verification-button';

/** /verify-email?token=… from the confirmation email; works signed in or not. */
export function VerifyEmailPage() {
  const t = useT();
  const invalid = t('auth.error.verifyLinkInvalid');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isLoading } = useAuth();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  // Sent once: a link works once, so a second request would report it as used.
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const onward = user ? (
    <Button asChild>
      <Link to={homePathFor(user.role)}>{t('auth.verify.continue')}</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to="/login">{t('auth.verify.signIn')}</Link>
    </Button>
  );

  if (token && (verify.isPending || verify.isIdle))
    return (
      <AuthCard title={t('auth.verify.confirmingTitle')}>
        <div className="flex justify-center py-6">
          <Spinner label={t('auth.verify.confirming')} />
        </div>
      </AuthCard>
    );

  if (verify.isSuccess)
    return (
      <AuthCard title={t('auth.verify.confirmedTitle')}>
        <p role="status" className="flex items-start gap-2 text-sm">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          {verify.data.message}
        </p>
        {onward}
      </AuthCard>
    );

  const problem = token ? errorMessage(verify.error, invalid) : invalid;
  return (
    <AuthCard title={t('auth.verify.failedTitle')}>
      <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
        <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {problem}
      </p>
      {isLoading ? null : user && !user.emailVerified ? (
        <div className="grid gap-3 text-sm">
          <p>{t('auth.verify.canResend', { email: user.email })}</p>
          <ResendVerificationButton />
        </div>
      ) : user ? (
        onward
      ) : (
        <p className="text-sm">
          <T
            k="auth.verify.signInToResend"
            components={{
              0: (
                <Link
                  to="/login"
                  className="font-medium text-primary underline underline-offset-4"
                />
              ),
            }}
          />
        </p>
      )}
    </AuthCard>
  );
}
