import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { AuthSignInForm } from './auth-sign-in-form';
import { AuthSignUpForm } from './auth-sign-up-form';

type Mode = 'sign-in' | 'sign-up';

export function AuthPage() {
  const t = useT();
  const [mode, setMode] = useState<Mode>('sign-in');
  const title = mode === 'sign-in' ? t('auth.signIn.title') : t('auth.register.shortTitle');

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 lg:grid-cols-2 lg:items-center">
      <title>{`${title} | ${BRAND_NAME}`}</title>
      <section className="mx-auto w-full max-w-md rounded-lg border border-border p-5 shadow-sm sm:p-6">
        <h1 className="mb-1 text-2xl font-bold text-primary">{title}</h1>
        <p className="mb-5 text-sm text-muted-foreground">
          {mode === 'sign-in' ? t('auth.authPage.signInIntro') : t('auth.authPage.signUpIntro')}
        </p>
        {mode === 'sign-in' ? <AuthSignInForm /> : <AuthSignUpForm />}
        <p className="mt-5 text-center text-sm">
          {mode === 'sign-in' ? t('auth.authPage.noAccount') : t('auth.authPage.haveAccount')}{' '}
          <button
            type="button"
            className="rounded-sm font-medium text-primary underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
          >
            {mode === 'sign-in' ? t('auth.authPage.toSignUp') : t('auth.authPage.toSignIn')}
          </button>
        </p>
      </section>
      <MarketingPanel />
    </div>
  );
}

const POINTS: MessageKey[] = [
  'auth.authPage.pointPhysician',
  'auth.authPage.pointQueue',
  'auth.authPage.pointUpload',
  'auth.authPage.pointSameDay',
];

function MarketingPanel() {
  const t = useT();
  return (
    <aside
      aria-label={t('auth.authPage.aboutLabel')}
      className="hidden rounded-lg bg-primary p-8 text-primary-foreground lg:block"
    >
      <p className="mb-4 text-2xl font-bold">{t('auth.authPage.pitch')}</p>
      <ul className="grid gap-3">
        {POINTS.map((point) => (
          <li key={point} className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-secondary" />
            {t(point)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
