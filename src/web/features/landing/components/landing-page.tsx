import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import { Hero } from './hero';
import { ProcessSteps } from './process-steps';
import { ServiceCards } from './service-cards';
import { Testimonials } from './testimonials';
import { TrustBadges } from './trust-badges';

export function LandingPage() {
  const t = useT();
  return (
    <>
      <title>{t('landing.meta.title', { brand: BRAND_NAME })}</title>
      <Hero />
      <TrustBadges />
      <ProcessSteps />
      <ServiceCards />
      <Testimonials />
    </>
  );
}
