import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { useBusinessHours } from '@/features/app-config/api/app-config';
import { useMoneyStory } from '@/features/fees/api/money-story';
import { BRAND_NAME, SUPPORT_EMAIL } from '@/lib/brand';
import { T } from '@/lib/i18n/t';
import { useT } from '@/lib/i18n/use-t';
import type { MessageKey } from '../../shared/i18n/message-key';

const LEGAL_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/privacy', label: 'layout.footer.privacy' },
  { to: '/terms', label: 'layout.footer.terms' },
  { to: '/hipaa', label: 'layout.footer.hipaa' },
  { to: '/compliance', label: 'layout.footer.compliance' },
];

export function Footer() {
  const story = useMoneyStory();
  const businessHours = useBusinessHours();
  const t = useT();
  return (
    <footer className="border-t border-border bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2">
        <div className="grid gap-2 text-sm">
          <p className="font-semibold text-white">{BRAND_NAME}</p>
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {t('layout.footer.hours', { hours: businessHours })}
          </p>
          <p>
            <T
              k="layout.footer.support"
              values={{ email: SUPPORT_EMAIL }}
              components={{
                0: (
                  // biome-ignore lint/a11y/useAnchorContent: <T> puts the message's {email} inside.
                  <a
                    className="underline underline-offset-2 hover:text-white"
                    href={`mailto:${SUPPORT_EMAIL}`}
                  />
                ),
              }}
            />
          </p>
        </div>
        <nav aria-label={t('layout.footer.legalNav')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm sm:justify-end">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="underline-offset-2 hover:text-white hover:underline" to={link.to}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs text-slate-300 sm:col-span-2">
          {story.footer({ year: String(new Date().getFullYear()), brand: BRAND_NAME })}
        </p>
      </div>
    </footer>
  );
}
