import type { FeeLine } from '@/features/fees/api/fees';
import { useMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import type { StateApplicationMode } from '../../../../shared/state-application';

interface CostBreakdownProps {
  line: FeeLine | undefined;
  /** Who applies to OMMA (issue 22): whether the state fee is part of this charge. */
  mode: StateApplicationMode | undefined;
  reduced: boolean;
  failed?: boolean;
  title?: string;
}

/**
 * What this payment charges, from the server's schedule (ruling 4). With `clinic_submits` the
 * state fee is collected now and the clinic pays it to OMMA when it submits the application;
 * with `patient_submits` the charge is the service fee alone and the state fee is shown apart,
 * paid to OMMA when the patient applies, so nobody reads it as charged twice.
 */
export function CostBreakdown({
  line,
  mode,
  reduced,
  failed,
  title: givenTitle,
}: CostBreakdownProps) {
  const t = useT();
  const money = useMoney();
  const title = givenTitle ?? t('payment.cost.title');
  const amount = (value: string | undefined) =>
    value ? (
      money(value)
    ) : (
      <span className="text-muted-foreground">{failed ? t('payment.cost.unavailable') : '…'}</span>
    );
  const patientApplies = mode === 'patient_submits';
  return (
    <section aria-label={title} aria-busy={!line && !failed} className="rounded-md bg-muted p-4">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {!patientApplies && (
          <>
            <dt>{t(reduced ? 'payment.cost.stateFeeReduced' : 'payment.cost.stateFee')}</dt>
            <dd className="text-right">{amount(line?.stateFee)}</dd>
          </>
        )}
        <dt>{t(reduced ? 'payment.cost.serviceFeeReduced' : 'payment.cost.serviceFee')}</dt>
        <dd className="text-right">{amount(line?.serviceFee)}</dd>
        <dt className="mt-1 border-t border-border pt-2 font-semibold">
          {t('payment.cost.total')}
        </dt>
        <dd className="mt-1 border-t border-border pt-2 text-right font-semibold">
          {amount(line?.total)}
        </dd>
      </dl>
      {mode && line && (
        <p className="mt-2 text-xs text-muted-foreground">
          {patientApplies
            ? t('payment.cost.patientApplies', { stateFee: money(line.stateFee) })
            : t('payment.cost.clinicSubmits')}
        </p>
      )}
      {failed && (
        <p className="mt-2 text-xs text-destructive" role="alert">
          {t('payment.cost.failed')}
        </p>
      )}
    </section>
  );
}
