import { Quote } from 'lucide-react';
import { useT } from '@/lib/i18n/use-t';

// Marketing copy written for this site; the spec does not reproduce the original quotes.
const TESTIMONIALS = [
  {
    quote: 'landing.testimonials.dana',
    name: 'Dana R.',
    place: 'Tulsa',
  },
  {
    quote: 'landing.testimonials.marcus',
    name: 'Marcus T.',
    place: 'Norman',
  },
  {
    quote: 'landing.testimonials.linda',
    name: 'Linda P.',
    place: 'Lawton',
  },
] as const;

export function Testimonials() {
  const t = useT();
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto w-full max-w-6xl px-4 py-12">
      <h2 id="testimonials-title" className="mb-6 text-2xl font-bold text-primary">
        {t('landing.testimonials.title')}
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <li key={item.name}>
            <figure className="flex h-full flex-col gap-3 rounded-lg border border-border p-5">
              <Quote aria-hidden="true" className="size-6 text-secondary-foreground/60" />
              <blockquote className="flex-1 text-sm">{t(item.quote)}</blockquote>
              <figcaption className="text-sm font-semibold">
                {item.name}{' '}
                <span className="font-normal text-muted-foreground">· {item.place}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
