import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { BRAND_NAME } from '@/lib/brand';
import { PaymentStep } from './payment-step';

const REDIRECT_AFTER_PAYMENT_MS = 1000;

/** /patient/payment (patient-side.md §2.6). */
export function PaymentPage() {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (isLoading || !user) return <FullPageSpinner label="Checking your session" />;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`Secure Your Consultation | ${BRAND_NAME}`}</title>
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">Secure Your Consultation</h1>
        <p className="text-muted-foreground">Complete payment to join the consultation queue.</p>
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
              <Link to="/patient/dashboard">Go to Dashboard</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/patient/queue">View Queue Status</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
