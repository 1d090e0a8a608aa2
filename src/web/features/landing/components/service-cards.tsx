import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type FeeLine, useFees } from '@/features/fees/api/fees';
import { type MoneyStory, useMoneyStory } from '@/features/fees/api/money-story';
import { money } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import type { ApplicationType } from '../../../../shared/fees';
import type { MessageKey } from '../../../../shared/i18n/message-key';

const SERVICES: {
  type: ApplicationType;
  title: MessageKey;
  description: MessageKey;
  cta: MessageKey;
}[] = [
  {
    type: 'new',
    title: 'landing.services.new.title',
    description: 'landing.services.new.description',
    cta: 'landing.services.new.cta',
  },
  {
    type: 'renewal',
    title: 'landing.services.renewal.title',
    description: 'landing.services.renewal.description',
    cta: 'landing.services.renewal.cta',
  },
];

export function ServiceCards() {
  const { data: fees, isError } = useFees();
  const story = useMoneyStory();
  const t = useT();
  return (
    <section aria-labelledby="services-title" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="services-title" className="mb-6 text-2xl font-bold text-primary">
          {t('landing.services.title')}
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          {SERVICES.map((service) => (
            <Card key={service.type}>
              <CardHeader>
                <CardTitle as="h3">{t(service.title)}</CardTitle>
                <CardDescription>{t(service.description)}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <FeeTable
                  caption={t('landing.fees.standard')}
                  fees={fees?.[service.type].standard}
                  story={story}
                  failed={isError}
                />
                <FeeTable
                  caption={t('landing.fees.reduced')}
                  fees={fees?.[service.type].reduced}
                  story={story}
                  failed={isError}
                />
                <Button asChild className="w-full sm:w-fit">
                  <Link to="/register">{t(service.cta)}</Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}

interface FeeTableProps {
  caption: string;
  fees: FeeLine | undefined;
  story: MoneyStory;
  failed: boolean;
}

/** The schedule's numbers once loaded; a dash until then (never a guessed amount). */
function FeeTable({ caption, fees, story, failed }: FeeTableProps) {
  const t = useT();
  const { i18n } = useLingui();
  const amount = (value: string | undefined) =>
    value ? (
      money(i18n, value)
    ) : (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">
          {failed ? t('landing.fees.unavailable') : t('landing.fees.loading')}
        </span>
      </>
    );
  return (
    <dl
      aria-busy={!fees && !failed}
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-border p-3 text-sm"
    >
      <dt className="col-span-2 mb-1 font-semibold">{caption}</dt>
      <dt className="text-muted-foreground">{story.stateFeeLabel}</dt>
      <dd className="text-right">{amount(fees?.stateFee)}</dd>
      <dt className="text-muted-foreground">{t('landing.fees.serviceFee')}</dt>
      <dd className="text-right">{amount(fees?.serviceFee)}</dd>
      <dt className="font-semibold">{story.totalLabel}</dt>
      <dd className="text-right font-semibold">{amount(fees?.total)}</dd>
      {failed && (
        <dd className="col-span-2 mt-1 text-xs text-muted-foreground">
          {t('landing.fees.failed')}
        </dd>
      )}
    </dl>
  );
}
