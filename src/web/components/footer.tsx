import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { useBusinessHours } from '@/features/app-config/api/app-config';
import { useMoneyStory } from '@/features/fees/api/money-story';
import { BRAND_NAME, SUPPORT_EMAIL } from '@/lib/brand';

const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/hipaa', label: 'HIPAA Notice' },
  { to: '/compliance', label: 'Compliance' },
];

export function Footer() {
  const story = useMoneyStory();
  const businessHours = useBusinessHours();
  return (
    <footer className="border-t border-border bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2">
        <div className="grid gap-2 text-sm">
          <p className="font-semibold text-white">{BRAND_NAME}</p>
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4" />
            Business hours: {businessHours}
          </p>
          <p>
            Support:{' '}
            <a
              className="underline underline-offset-2 hover:text-white"
              href={`mailto:${SUPPORT_EMAIL}`}
            >
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm sm:justify-end">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="underline-offset-2 hover:text-white hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs text-slate-300 sm:col-span-2">
          Consultations are held with physicians licensed by the State of Oklahoma. Patient licenses
          are issued by the Oklahoma Medical Marijuana Authority (OMMA); {story.footer} ©{' '}
          {new Date().getFullYear()} {BRAND_NAME}.
        </p>
      </div>
    </footer>
  );
}
