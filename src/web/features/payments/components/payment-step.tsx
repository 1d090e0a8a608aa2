import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { openApplication, useApplications } from '@/features/applications/api/applications';
import {
  EligibilityNotice,
  isEligible,
  Notice,
} from '@/features/patient/components/eligibility-notice';
import { useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { paymentDue } from '../../../../shared/application-status';
import { feeCovered } from '../../../../shared/payment-status';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import type { PaymentResult } from '../api/payments';
import { PaymentForm } from './payment-form';

interface PaymentStepProps {
  user: CurrentUser;
  onPaid: (result: PaymentResult) => void;
  /** What the "already paid" card offers next. */
  paidActions: ReactNode;
  showBypass?: boolean;
  /** Inside the wizard: the notice takes the column's width. */
  embedded?: boolean;
  /**
   * The intake is complete (issue 11): the form asks for the dispensary statement and the
   * payment joins the queue too.
   */
  intakeComplete?: boolean;
}

/**
 * Pays the open application, or says it is held or paid (ruling 14: never a second charge), or
 * explains why paying is not possible yet (a missing profile, ruling 19's Oklahoma address).
 */
export function PaymentStep({
  user,
  onPaid,
  paidActions,
  showBypass,
  embedded,
  intakeComplete = false,
}: PaymentStepProps) {
  const t = useT();
  const money = useMoney();
  const applications = useApplications();

  if (!isEligible(user)) return <EligibilityNotice user={user} action="payment" />;

  if (applications.isPending)
    return (
      <div className="flex justify-center p-8">
        <Spinner label={t('payment.step.loading')} />
      </div>
    );

  const open = openApplication(applications.data);
  // A hold is not a payment (ADR 0010): the fee is taken only on approval (issue 21).
  const held = open?.paymentStatus === 'authorized';
  if (open && feeCovered(open.paymentStatus))
    return (
      <Notice
        className={embedded ? 'max-w-none' : undefined}
        icon={<CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />}
        title={t(held ? 'payment.paid.heldTitle' : 'payment.paid.paidTitle')}
      >
        <p>
          {t(held ? 'payment.paid.held' : 'payment.paid.paid', {
            type: t(open.type === 'new' ? 'intake.type.new' : 'intake.type.renewal'),
            amount: money(open.amount),
          })}{' '}
          {t('payment.paid.nothingMore')}
        </p>
        <div className="flex flex-wrap gap-3">{paidActions}</div>
      </Notice>
    );

  return (
    <PaymentForm
      applicationId={open?.id ?? null}
      defaults={
        open
          ? {
              type: open.type,
              hasReducedFee: open.hasReducedFee,
              reducedFeeReason: open.reducedFeeReason,
            }
          : undefined
      }
      onPaid={onPaid}
      // The server refuses the bypass after a decision (issue 21): it is not offered then.
      showBypass={showBypass && paymentDue(applications.data?.[0])}
      intakeComplete={intakeComplete}
    />
  );
}
