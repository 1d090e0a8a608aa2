import { BadgeCheck, RefreshCw } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useStartRenewal } from '@/features/applications/api/renewal';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { todayIso } from '../../../../shared/dates';
import type { License } from '../../../../shared/schemas/state-application';
import { daysBetween, EXPIRING_LICENSE_DAYS } from '../../../../shared/state-application';

// The patient's OMMA licence and its renewal (issue 22). Within EXPIRING_LICENSE_DAYS of
// expiry the card stands out and renewing is its main action; before that it is a quiet line.
// Renewing opens a new application prefilled from the last approved one (the server answers
// 409 while another is open, so the action waits for that one to be finished).

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

interface RenewLicenceCardProps {
  license: License | null | undefined;
  /** An application is in progress: renewing waits for it (one at a time, ruling 14). */
  applicationOpen: boolean;
}

export function RenewLicenceCard({ license, applicationOpen }: RenewLicenceCardProps) {
  const navigate = useNavigate();
  const renewal = useStartRenewal();
  if (!license) return null;
  const daysLeft = daysBetween(todayIso(), license.expiresOn);
  const expired = daysLeft < 0;
  const prominent = daysLeft <= EXPIRING_LICENSE_DAYS;
  const when = expired
    ? `Your licence expired on ${longDate(license.expiresOn)}.`
    : `Your licence expires on ${longDate(license.expiresOn)}${
        prominent ? `, in ${daysLeft === 1 ? '1 day' : `${daysLeft} days`}` : ''
      }.`;

  const start = () =>
    renewal.mutate(undefined, {
      onSuccess: () => navigate('/patient/intake'),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Your renewal could not be started',
          description: errorMessage(error, 'Please try again.'),
        }),
    });

  return (
    <Card
      className={cn(prominent && 'border-2 border-amber-500 bg-amber-50')}
      data-testid="licence-card"
    >
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {prominent ? 'Time to renew your licence' : 'Your OMMA licence'}
        </h2>
        <CardDescription className={cn(prominent && 'text-amber-950')}>{when}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {prominent && (
          <p>
            Renewing takes a new physician recommendation, a current proof of residency and a photo
            taken within the last 6 months. Your last application&apos;s answers are filled in for
            you to check.
          </p>
        )}
        {applicationOpen ? (
          <p className="text-muted-foreground">
            Finish the application you have in progress before starting a renewal.
          </p>
        ) : (
          <Button
            variant={prominent ? 'default' : 'outline'}
            className="w-full sm:w-fit"
            onClick={start}
            disabled={renewal.isPending}
          >
            <RefreshCw aria-hidden="true" />
            Renew your licence
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
