import { useLingui } from '@lingui/react';
import { IdCard } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCalendarDate } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { todayIso } from '../../../../shared/dates';
import type { License } from '../../../../shared/schemas/state-application';
import { daysBetween, RENEWAL_REMINDER_DAYS } from '../../../../shared/state-application';
import { RenewalAction, renewalDue } from './renewal-action';

// The form (react-hook-form, zod) loads when the patient opens it, not with the dashboard.
const LicenceForm = lazy(async () => ({ default: (await import('./licence-form')).LicenceForm }));

// The patient's OMMA licence card (issue 22): recorded by the clinic when OMMA approves, or
// entered by the patient, so the renewal reminders reach them in time. Within 60 days of expiry
// it stands out and renewing is its main action.

function expiryLine(t: ReturnType<typeof useT>, expiresOn: string) {
  const days = daysBetween(todayIso(), expiresOn);
  if (days < 0) return t('dashboard.licence.expired');
  if (days === 0) return t('dashboard.licence.expiresToday');
  return t('dashboard.licence.daysLeft', { days });
}

export function LicenceCard({
  license,
  applicationOpen,
}: {
  license: License | null;
  /** An application is in progress: a renewal waits for it. */
  applicationOpen: boolean;
}) {
  const t = useT();
  const { i18n } = useLingui();
  const formatCalendarDate = useCalendarDate();
  const { hash } = useLocation();
  const [editing, setEditing] = useState(hash === '#licence');
  const days = license ? daysBetween(todayIso(), license.expiresOn) : null;
  const due = license !== null && renewalDue(license);
  return (
    <Card
      id="licence"
      className={cn('h-fit', due && 'border-2 border-amber-500 bg-amber-50')}
      data-testid="licence-card"
    >
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <IdCard aria-hidden="true" className="size-5 shrink-0" />
          {due ? t('dashboard.licence.titleDue') : t('dashboard.licence.title')}
        </h2>
        {!license && (
          <CardDescription>
            {t('dashboard.licence.intro', {
              days:
                i18n.locale === 'es'
                  ? RENEWAL_REMINDER_DAYS.join(', ').replace(/, (\d+)$/, ' y $1')
                  : RENEWAL_REMINDER_DAYS.join(', ').replace(/, (\d+)$/, ' and $1'),
            })}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {license && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('dashboard.licence.number')}</dt>
            <dd className="font-medium break-all" data-testid="licence-number">
              {license.licenseNumber}
            </dd>
            {license.issuedOn && (
              <>
                <dt className="text-muted-foreground">{t('dashboard.licence.issued')}</dt>
                <dd>{formatCalendarDate(license.issuedOn)}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{t('dashboard.licence.expires')}</dt>
            <dd data-testid="licence-expiry">
              {formatCalendarDate(license.expiresOn)}{' '}
              <span
                className={
                  days !== null && days <= 60
                    ? 'font-medium text-amber-800'
                    : 'text-muted-foreground'
                }
              >
                ({expiryLine(t, license.expiresOn)})
              </span>
            </dd>
          </dl>
        )}
        {license && <RenewalAction license={license} applicationOpen={applicationOpen} />}
        {editing ? (
          <Suspense fallback={<Spinner label={t('dashboard.licence.loadingForm')} />}>
            <LicenceForm license={license} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <Button variant="outline" className="w-full sm:w-fit" onClick={() => setEditing(true)}>
            {license ? t('dashboard.licence.update') : t('dashboard.licence.enter')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
