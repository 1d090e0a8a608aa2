import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DEFAULT_FEES, type FeeLine } from '../fees';

const SERVICES = [
  {
    title: 'New License',
    description: 'First-time Oklahoma patients: physician consultation and application support.',
    cta: 'Apply for a new license',
  },
  {
    title: 'License Renewal',
    description:
      'Renew an existing Oklahoma patient license with a fresh physician recommendation.',
    cta: 'Renew your license',
  },
];

export function ServiceCards() {
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
                <FeeTable caption="Standard" fees={DEFAULT_FEES.standard} />
                <FeeTable
                  caption="Reduced fee (Medicare, Medicaid or 100% disabled veteran, with proof)"
                  fees={DEFAULT_FEES.reduced}
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

function FeeTable({ caption, fees }: { caption: string; fees: FeeLine }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-border p-3 text-sm">
      <dt className="col-span-2 mb-1 font-semibold">{caption}</dt>
      <dt className="text-muted-foreground">State fee</dt>
      <dd className="text-right">${fees.stateFee}</dd>
      <dt className="text-muted-foreground">Service fee</dt>
      <dd className="text-right">${fees.serviceFee}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">${fees.total}</dd>
    </dl>
  );
}
