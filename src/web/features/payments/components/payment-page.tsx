import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import { PaymentStep } from './payment-step';

const REDIRECT_AFTER_PAYMENT_MS = 1000;

/** /patient/payment (patient-side.md §2.6). */
export function PaymentPage() {
  const t = useT();
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (isLoading || !user) return <FullPageSpinner label={t('payment.page.checkingSession')} />;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{t('payment.page.documentTitle', { brand: BRAND_NAME })}</title>
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">{t('payment.page.title')}</h1>
        <p className="text-muted-foreground">{t('payment.page.subtitle')}</p>
      </div>
      <PaymentStep
        user={user}
        showBypass
        onPaid={() => {
          timer.current = setTimeout(
            () => navigate('/patient/dashboard'),
            REDIRECT_AFTER_PAYMENT_MS,
          );
        }}
        paidActions={
          <>
            <Button asChild>
              <Link to="/patient/dashboard">{t('payment.page.goToDashboard')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/patient/queue">{t('payment.page.viewQueue')}</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
