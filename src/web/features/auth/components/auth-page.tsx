import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { BRAND_NAME } from '@/lib/brand';
import { AuthSignInForm } from './auth-sign-in-form';
import { AuthSignUpForm } from './auth-sign-up-form';

type Mode = 'sign-in' | 'sign-up';

export function AuthPage() {
  const [mode, setMode] = useState<Mode>('sign-in');
  const title = mode === 'sign-in' ? 'Sign In' : 'Create Account';

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 lg:grid-cols-2 lg:items-center">
      <title>{`${title} | ${BRAND_NAME}`}</title>
      <section className="mx-auto w-full max-w-md rounded-lg border border-border p-5 shadow-sm sm:p-6">
        <h1 className="mb-1 text-2xl font-bold text-primary">{title}</h1>
        <p className="mb-5 text-sm text-muted-foreground">
          {mode === 'sign-in'
            ? 'Welcome back. Sign in to continue your application.'
            : 'Create your account to start your application.'}
        </p>
        {mode === 'sign-in' ? <AuthSignInForm /> : <AuthSignUpForm />}
        <p className="mt-5 text-center text-sm">
          {mode === 'sign-in' ? "Don't have an account? " : 'Already have an account? '}
          <button
            type="button"
            className="rounded-sm font-medium text-primary underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
          >
            {mode === 'sign-in' ? 'Create an account' : 'Sign in'}
          </button>
        </p>
      </section>
      <MarketingPanel />
    </div>
  );
}

const POINTS = [
  'Meet a licensed Oklahoma physician by private video',
  'Track your place in the queue in real time',
  'Upload documents securely from your phone',
  'Same-day consultations during business hours',
];

function MarketingPanel() {
  return (
    <aside
      aria-label="About the service"
      className="hidden rounded-lg bg-primary p-8 text-primary-foreground lg:block"
    >
      <p className="mb-4 text-2xl font-bold">Your Oklahoma medical marijuana license, online</p>
      <ul className="grid gap-3">
        {POINTS.map((point) => (
          <li key={point} className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-secondary" />
            {point}
          </li>
        ))}
      </ul>
    </aside>
  );
}
