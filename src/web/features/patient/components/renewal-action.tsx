import { RefreshCw } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useStartRenewal } from '@/features/applications/api/renewal';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { todayIso } from '../../../../shared/dates';
import type { License } from '../../../../shared/schemas/state-application';
import { daysBetween, EXPIRING_LICENSE_DAYS } from '../../../../shared/state-application';

// Renewing the patient's OMMA licence (issue 22), shown inside the licence card: within
// EXPIRING_LICENSE_DAYS of expiry it is the card's main action, before that a quiet button.
// Renewing opens a new application prefilled from the last approved one (the server answers
// 409 while another is open, so the action waits for that one to be finished).

/** The licence is within EXPIRING_LICENSE_DAYS of expiry (or past it): renewing comes first. */
export const renewalDue = (license: License) =>
  daysBetween(todayIso(), license.expiresOn) <= EXPIRING_LICENSE_DAYS;

interface RenewalActionProps {
  license: License;
  /** An application is in progress: renewing waits for it (one at a time, ruling 14). */
  applicationOpen: boolean;
}

export function RenewalAction({ license, applicationOpen }: RenewalActionProps) {
  const t = useT();
  const navigate = useNavigate();
  const renewal = useStartRenewal();
  const prominent = renewalDue(license);
  const start = () =>
    renewal.mutate(undefined, {
      onSuccess: () => navigate('/patient/intake'),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('dashboard.renewal.failedTitle'),
          description: errorMessage(error, t('dashboard.renewal.tryAgain')),
        }),
    });
  return (
    <div className="grid gap-3 text-sm">
      {prominent && <p>{t('dashboard.renewal.needs')}</p>}
      {applicationOpen ? (
        <p className="text-muted-foreground">{t('dashboard.renewal.finishFirst')}</p>
      ) : (
        <Button
          variant={prominent ? 'default' : 'outline'}
          className="w-full sm:w-fit"
          onClick={start}
          disabled={renewal.isPending}
        >
          <RefreshCw aria-hidden="true" />
          {t('dashboard.renewal.renew')}
        </Button>
      )}
    </div>
  );
}
