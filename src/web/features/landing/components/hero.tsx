import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMoneyStory } from '@/features/fees/api/money-story';
import { useT } from '@/lib/i18n/use-t';

export function Hero() {
  const story = useMoneyStory();
  const t = useT();
  return (
    <section className="bg-primary text-primary-foreground" aria-labelledby="hero-title">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 sm:py-20">
        <p className="w-fit rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-secondary-foreground">
          {t('landing.hero.eyebrow')}
        </p>
        <h1 id="hero-title" className="max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">
          {t('landing.hero.title')}
        </h1>
        <p className="max-w-2xl text-lg text-blue-100">{story.hero}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link to="/register">
              {t('landing.hero.start')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white bg-transparent text-white hover:bg-white/10"
          >
            <Link to="/login">{t('landing.hero.portal')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
