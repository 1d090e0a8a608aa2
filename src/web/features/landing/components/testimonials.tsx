import { Quote } from 'lucide-react';

// Marketing copy written for this site; the spec does not reproduce the original quotes.
const TESTIMONIALS = [
  {
    quote:
      'Sitting in a waiting room is hard with my back. I did the whole thing from my couch and the physician took the time to go through my history.',
    name: 'Dana R.',
    place: 'Tulsa',
  },
  {
    quote:
      'The queue page told me exactly where I stood, so I could keep working until it was my turn instead of staring at a blank screen.',
    name: 'Marcus T.',
    place: 'Norman',
  },
  {
    quote:
      'Renewing was simple. I uploaded my ID with my phone camera and had my consultation the same afternoon.',
    name: 'Linda P.',
    place: 'Lawton',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto w-full max-w-6xl px-4 py-12">
      <h2 id="testimonials-title" className="mb-6 text-2xl font-bold text-primary">
        What patients say
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col gap-3 rounded-lg border border-border p-5">
              <Quote aria-hidden="true" className="size-6 text-secondary-foreground/60" />
              <blockquote className="flex-1 text-sm">{t.quote}</blockquote>
              <figcaption className="text-sm font-semibold">
                {t.name} <span className="font-normal text-muted-foreground">· {t.place}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
