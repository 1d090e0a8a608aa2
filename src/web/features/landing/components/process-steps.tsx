import { BadgeCheck, CreditCard, FileCheck2, Mail, UserPlus, Video } from 'lucide-react';
import { useMoneyStory } from '@/features/fees/api/money-story';

export function ProcessSteps() {
  // Issue 22: who applies to OMMA is the clinic's choice; the steps say which.
  const { applyStep } = useMoneyStory();
  const STEPS = [
    { icon: UserPlus, title: 'Register', text: 'Create account' },
    { icon: CreditCard, title: 'Payment', text: 'Secure checkout' },
    { icon: Video, title: 'Consult', text: 'Meet doctor' },
    { icon: BadgeCheck, title: 'Approved', text: 'Get recommendation' },
    { icon: FileCheck2, ...applyStep },
    { icon: Mail, title: 'Receive Card', text: 'Your OMMA licence' },
  ];
  return (
    <section aria-labelledby="steps-title" className="mx-auto w-full max-w-6xl px-4 py-12">
      <h2 id="steps-title" className="mb-6 text-2xl font-bold text-primary">
        How it works
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex items-center gap-3 sm:flex-col sm:text-center">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <span>
              <span className="block font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
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
