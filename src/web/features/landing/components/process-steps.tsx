import { BadgeCheck, CreditCard, FileCheck2, Mail, UserPlus, Video } from 'lucide-react';
import { useMoneyStory } from '@/features/fees/api/money-story';
import { useT } from '@/lib/i18n/use-t';

export function ProcessSteps() {
  // Issue 22: who applies to OMMA is the clinic's choice; the steps say which.
  const { applyStep } = useMoneyStory();
  const t = useT();
  const STEPS = [
    {
      icon: UserPlus,
      title: t('landing.steps.register.title'),
      text: t('landing.steps.register.text'),
    },
    {
      icon: CreditCard,
      title: t('landing.steps.payment.title'),
      text: t('landing.steps.payment.text'),
    },
    { icon: Video, title: t('landing.steps.consult.title'), text: t('landing.steps.consult.text') },
    {
      icon: BadgeCheck,
      title: t('landing.steps.approved.title'),
      text: t('landing.steps.approved.text'),
    },
    { icon: FileCheck2, ...applyStep },
    { icon: Mail, title: t('landing.steps.card.title'), text: t('landing.steps.card.text') },
  ];
  return (
    <section aria-labelledby="steps-title" className="mx-auto w-full max-w-6xl px-4 py-12">
      <h2 id="steps-title" className="mb-6 text-2xl font-bold text-primary">
        {t('landing.steps.title')}
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex items-center gap-3 sm:flex-col sm:text-center">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <span>
              <span className="block font-semibold">
                <span className="sr-only">{`${t('landing.steps.number', { number: index + 1 })} `}</span>
                {title}
              </span>
              <span className="block text-sm text-muted-foreground">{text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
