import { formatCalendarDate } from '@/lib/format';
import { daysUntil, type OmmaRegistration, ommaRegistrationState } from '../../../../shared/omma';

// SB 1066 (issue 12): a physician approves only while registered with OMMA. The console warns
// OMMA_WARNING_DAYS (shared/omma.ts) before the registration lapses, and says plainly when it
// has lapsed or was never recorded, before the server refuses an approval for it. Nothing
// shows while it is current.

const daysLeft = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`);

/** The notice's words for a registration today; null when there is nothing to say. */
export function ommaNoticeText(registration: OmmaRegistration, today: string) {
  const state = ommaRegistrationState(registration, today);
  const expiresOn = registration.ommaRegistrationExpiresOn ?? '';
  switch (state) {
    case 'current':
      return null;
    case 'expiring':
      return {
        tone: 'warning' as const,
        title: `Your OMMA physician registration expires on ${formatCalendarDate(expiresOn)} (${daysLeft(daysUntil(expiresOn, today))}).`,
        body: 'Renew it with OMMA and ask a master admin to record the new expiry date: from the day after it expires you cannot approve recommendations.',
      };
    case 'expired':
      return {
        tone: 'danger' as const,
        title: `Your OMMA physician registration expired on ${formatCalendarDate(expiresOn)}.`,
        body: 'You cannot approve recommendations until it is renewed with OMMA and a master admin records the new expiry date. You can still see patients and record that a recommendation is not approved.',
      };
    case 'missing':
      return {
        tone: 'danger' as const,
        title: 'No OMMA physician registration is recorded for you.',
        body: 'You cannot approve recommendations until a master admin records your OMMA registration number and its expiry date.',
      };
  }
}
