import { MailCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { T } from '@/lib/i18n/t';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { useAuth } from '../api/session';
import { ResendVerificationButton } from './resend-verification-button';

// Dismissed for this tab's session only: the notice comes back on the next visit until the
// address is confirmed (the server's emailVerified decides; nothing about it is stored).
const dismissedKey = (userId: string) => `verify-email-notice-dismissed:${userId}`;

/** "Confirm your email address" for a signed-in account whose address is not verified yet. */
export function VerifyEmailNotice({ className }: { className?: string }) {
  const t = useT();
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(
    () => !!user && sessionStorage.getItem(dismissedKey(user.id)) === '1',
  );
  if (!user || user.emailVerified || dismissed) return null;
  const dismiss = () => {
    sessionStorage.setItem(dismissedKey(user.id), '1');
    setDismissed(true);
  };
  return (
    <section
      aria-labelledby="verify-email-notice-title"
      data-testid="verify-email-notice"
      className={cn(
        'flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950',
        className,
      )}
    >
      <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 id="verify-email-notice-title" className="font-semibold">
          {t('auth.verifyNotice.title')}
        </h2>
        <p className="break-words">
          <T
            // Staff have no visit (issue 21): the address carries their account's messages.
            k={user.role === 'patient' ? 'auth.verifyNotice.patient' : 'auth.verifyNotice.staff'}
            values={{ email: user.email }}
            components={{ 0: <span className="font-medium break-all" /> }}
          />
        </p>
        <div>
          <ResendVerificationButton variant="outline" size="sm" className="bg-background" />
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-mt-2 -mr-2 shrink-0 hover:bg-amber-100"
        aria-label={t('auth.verifyNotice.dismiss')}
        onClick={dismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
