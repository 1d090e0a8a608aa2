import { Link } from 'react-router';
import { useT } from '@/lib/i18n/use-t';

/** "Forgot password?" under a sign-in form's password field (issue 13). */
export function ForgotPasswordLink() {
  const t = useT();
  return (
    <p className="-mt-2 text-right text-sm">
      <Link
        to="/forgot-password"
        className="rounded-sm font-medium text-primary underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t('auth.signIn.forgotPassword')}
      </Link>
    </p>
  );
}
