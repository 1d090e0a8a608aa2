import { Badge } from '@/components/ui/badge';
import { todayIso } from '../../../../shared/dates';
import { daysUntil, ommaRegistrationState } from '../../../../shared/omma';
import type { AdminUser } from '../../../../shared/schemas/users';

// A doctor's OMMA registration at a glance (issue 12): whether they may approve today, and
// how soon the clinic must renew it. The state is the server's rule (shared/omma.ts).

type Registration = Pick<AdminUser, 'ommaRegistrationNumber' | 'ommaRegistrationExpiresOn'>;

export function OmmaRegistrationBadge({
  registration,
  today = todayIso(),
}: {
  registration: Registration;
  today?: string;
}) {
  const state = ommaRegistrationState(registration, today);
  if (state === 'missing') return <Badge variant="destructive">Not registered</Badge>;
  if (state === 'expired') return <Badge variant="destructive">Expired</Badge>;
  const days = daysUntil(registration.ommaRegistrationExpiresOn!, today);
  if (state === 'expiring')
    return (
      <Badge variant="warning">
        {days === 0 ? 'Expires today' : `Expires in ${days} ${days === 1 ? 'day' : 'days'}`}
      </Badge>
    );
  return <Badge variant="success">Current</Badge>;
}
