import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type FeeLine, useFees } from '@/features/fees/api/fees';
import { type MoneyStory, useMoneyStory } from '@/features/fees/api/money-story';
import type { ApplicationType } from '../../../../shared/fees';

const SERVICES: { type: ApplicationType; title: string; description: string; cta: string }[] = [
  {
    type: 'new',
    title: 'New License',
    description: 'First-time Oklahoma patients: physician consultation and application support.',
    cta: 'Apply for a new license',
  },
  {
    type: 'renewal',
    title: 'License Renewal',
    description:
      'Renew an existing Oklahoma patient license with a fresh physician recommendation.',
    cta: 'Renew your license',
  },
];

export function ServiceCards() {
  const { data: fees, isError } = useFees();
  const story = useMoneyStory();
  return (
    <section aria-labelledby="services-title" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="services-title" className="mb-6 text-2xl font-bold text-primary">
          Services and fees
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          {SERVICES.map((service) => (
            <Card key={service.title}>
              <CardHeader>
                <CardTitle as="h3">{service.title}</CardTitle>
                <CardDescription>{service.description}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <FeeTable
                  caption="Standard"
                  fees={fees?.[service.type].standard}
                  story={story}
                  failed={isError}
                />
                <FeeTable
                  caption="Reduced fee (Medicare, Medicaid or 100% disabled veteran, with proof)"
                  fees={fees?.[service.type].reduced}
                  story={story}
                  failed={isError}
                />
                <Button asChild className="w-full sm:w-fit">
                  <Link to="/register">{service.cta}</Link>
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
  const amount = (value: string | undefined) =>
    value ? (
      `$${value}`
    ) : (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{failed ? 'Unavailable' : 'Loading'}</span>
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
      <dt className="text-muted-foreground">Service fee</dt>
      <dd className="text-right">{amount(fees?.serviceFee)}</dd>
      <dt className="font-semibold">{story.totalLabel}</dt>
      <dd className="text-right font-semibold">{amount(fees?.total)}</dd>
      {failed && (
        <dd className="col-span-2 mt-1 text-xs text-muted-foreground">
          Fees could not be loaded. They are shown at checkout.
        </dd>
      )}
    </dl>
  );
}
