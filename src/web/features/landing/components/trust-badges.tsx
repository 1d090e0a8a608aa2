import { Activity, Bell, Clock, FileLock, ShieldCheck, Stethoscope } from 'lucide-react';

import { useT } from '@/lib/i18n/use-t';

const BADGES = [
  { icon: ShieldCheck, label: 'landing.badges.hipaa' },
  { icon: Clock, label: 'landing.badges.sameDay' },
  { icon: Stethoscope, label: 'landing.badges.physicians' },
  { icon: Activity, label: 'landing.badges.tracking' },
  { icon: FileLock, label: 'landing.badges.documents' },
  { icon: Bell, label: 'landing.badges.queue' },
] as const;

export function TrustBadges() {
  const t = useT();
  return (
    <section aria-label={t('landing.badges.label')} className="border-b border-border bg-muted">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-3 px-4 py-6 sm:grid-cols-3 lg:grid-cols-6">
        {BADGES.map(({ icon: Icon, label }) => (
          <li key={label} className="flex items-center gap-2 text-sm font-medium">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {t(label)}
          </li>
        ))}
      </ul>
    </section>
  );
}
