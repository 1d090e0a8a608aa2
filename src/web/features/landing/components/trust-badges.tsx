import { Activity, Bell, Clock, FileLock, ShieldCheck, Stethoscope } from 'lucide-react';

const BADGES = [
  { icon: ShieldCheck, label: 'HIPAA compliant' },
  { icon: Clock, label: 'Same-day approval' },
  { icon: Stethoscope, label: 'Licensed physicians' },
  { icon: Activity, label: 'Real-time tracking' },
  { icon: FileLock, label: 'Secure documents' },
  { icon: Bell, label: 'Queue updates' },
];

export function TrustBadges() {
  return (
    <section aria-label="Why patients choose us" className="border-b border-border bg-muted">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-3 px-4 py-6 sm:grid-cols-3 lg:grid-cols-6">
        {BADGES.map(({ icon: Icon, label }) => (
          <li key={label} className="flex items-center gap-2 text-sm font-medium">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
