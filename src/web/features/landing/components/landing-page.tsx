import { BRAND_NAME } from '@/lib/brand';
import { Hero } from './hero';
import { ProcessSteps } from './process-steps';
import { ServiceCards } from './service-cards';
import { Testimonials } from './testimonials';
import { TrustBadges } from './trust-badges';

export function LandingPage() {
  return (
    <>
      <title>{`${BRAND_NAME} | Oklahoma Medical Marijuana License Consultations`}</title>
      <Hero />
      <TrustBadges />
      <ProcessSteps />
      <ServiceCards />
      <Testimonials />
    </>
  );
}
