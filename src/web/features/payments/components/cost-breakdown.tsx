import type { FeeLine } from '@/features/fees/api/fees';

interface CostBreakdownProps {
  line: FeeLine | undefined;
  reduced: boolean;
  failed?: boolean;
  title?: string;
}

/** State fee, service fee and total from the server's schedule (ruling 4). */
export function CostBreakdown({
  line,
  reduced,
  failed,
  title = 'Cost Breakdown',
}: CostBreakdownProps) {
  const amount = (value: string | undefined) =>
    value ? (
      `$${value}`
    ) : (
      <span className="text-muted-foreground">{failed ? 'Unavailable' : '…'}</span>
    );
  return (
    <section aria-label={title} aria-busy={!line && !failed} className="rounded-md bg-muted p-4">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>State Fee{reduced ? ' (reduced)' : ''}</dt>
        <dd className="text-right">{amount(line?.stateFee)}</dd>
        <dt>Service Fee{reduced ? ' (reduced)' : ''}</dt>
        <dd className="text-right">{amount(line?.serviceFee)}</dd>
        <dt className="mt-1 border-t border-border pt-2 font-semibold">Total</dt>
        <dd className="mt-1 border-t border-border pt-2 text-right font-semibold">
          {amount(line?.total)}
        </dd>
      </dl>
      {failed && (
        <p className="mt-2 text-xs text-destructive" role="alert">
          The fee schedule could not be loaded. Please refresh the page.
        </p>
      )}
    </section>
  );
}
