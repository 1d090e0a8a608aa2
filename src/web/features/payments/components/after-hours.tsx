import { MoonStar } from 'lucide-react';
import type { ToasterToast } from '@/components/ui/use-toast';
import { useClinicOpensAt } from '@/features/app-config/api/app-config';
import { useT } from '@/lib/i18n/use-t';
import { afterHoursBeforePayment, afterPayment } from '../../../../shared/when-seen';
import type { PaymentResult } from '../api/payments';

// The clinic's hours around a payment (issue 21): before paying outside CLINIC_HOURS the
// payment step says when the clinic opens and that the patient keeps their place; after it,
// the toast says when they will be seen (src/shared/when-seen.ts).

/** Above the payment form while the clinic is closed; nothing while it is open. */
export function AfterHoursNotice({ className }: { className?: string }) {
  const t = useT();
  const clinic = useClinicOpensAt();
  if (!clinic?.opensAt) return null;
  return (
    <section
      aria-labelledby="after-hours-title"
      data-testid="after-hours-notice"
      className={`flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950 ${className ?? ''}`}
    >
      <MoonStar aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <h2 id="after-hours-title" className="font-semibold">
          {t('payment.afterHours.title')}
        </h2>
        <p className="text-sm">{afterHoursBeforePayment(clinic.opensAt, clinic.timeZone)}</p>
      </div>
    </section>
  );
}

/** The toast after a payment: the card held, and when the patient will be seen. */
export function usePaymentToast(): (result: PaymentResult) => Omit<ToasterToast, 'id'> {
  const t = useT();
  const clinic = useClinicOpensAt();
  return (result) =>
    result.alreadyPaid
      ? {
          title: t('payment.toast.alreadyPaidTitle'),
          description: t('payment.toast.alreadyPaid'),
        }
      : {
          title: t('payment.toast.successTitle'),
          description: afterPayment(
            result.queue,
            clinic?.opensAt ?? null,
            clinic?.timeZone ?? 'America/Chicago',
          ),
        };
}
