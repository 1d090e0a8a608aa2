import { CheckCircle2, FileCheck2, Upload } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CATEGORY_NAME_KEYS } from '@/features/documents/labels';
import { useCalendarDate } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import type { JourneyStep } from '../../../../shared/schemas/journey';
import type { PatientStateApplication } from '../../../../shared/schemas/state-application';
import type { StateApplicationStatus } from '../../../../shared/state-application';
import { uploadRouteFor } from '../../../../shared/upload-route';
import { useJourneyText } from '../journey-text';

// The form (react-hook-form, zod) loads only for a patient who has it to fill in. No Suspense of
// its own: the page waits for it, so it never pushes the cards below it down (issue 23).
const AppliedForm = lazy(async () => ({ default: (await import('./applied-form')).AppliedForm }));

// The patient's OMMA application (issue 22): where it stands in the server's words (the
// journey's State application step), its number and date, OMMA's reason and the documents it
// asked for with an upload for each, and, when the patient applies themselves, "I have applied".

const BADGE: Record<StateApplicationStatus, { label: MessageKey; variant: BadgeProps['variant'] }> =
  {
    preparing: { label: 'dashboard.stateApp.badge.preparing', variant: 'outline' },
    submitted: { label: 'dashboard.stateApp.badge.submitted', variant: 'secondary' },
    approved: { label: 'dashboard.stateApp.badge.approved', variant: 'success' },
    rejected: { label: 'dashboard.stateApp.badge.rejected', variant: 'warning' },
    lapsed: { label: 'dashboard.stateApp.badge.lapsed', variant: 'destructive' },
  };

export function StateApplicationCard({
  application: sa,
  step,
}: {
  application: PatientStateApplication;
  step: JourneyStep | undefined;
}) {
  const t = useT();
  const say = useJourneyText();
  const formatCalendarDate = useCalendarDate();
  const badge = BADGE[sa.status];
  const received = new Set(sa.documentsReceived ?? []);
  // The patient may still record an application made in time after the window closed.
  const canRecord =
    sa.mode === 'patient_submits' &&
    (sa.status === 'preparing' || (sa.status === 'lapsed' && !sa.resubmitBy));
  return (
    <Card
      id="state-application"
      className={
        sa.status === 'rejected' || sa.status === 'lapsed' ? 'border-amber-500' : undefined
      }
      data-testid="state-application-card"
    >
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <FileCheck2 aria-hidden="true" className="size-5 shrink-0" />
            {t('dashboard.stateApp.title')}
          </h2>
          <Badge variant={badge.variant}>{t(badge.label)}</Badge>
        </div>
        {step && (
          <CardDescription className="break-words">
            {say(step.statusMessage, step.status)}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {(sa.ommaApplicationNumber || sa.submittedOn) && (
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {sa.submittedOn && (
              <>
                <dt className="text-muted-foreground">{t('dashboard.stateApp.submittedOn')}</dt>
                <dd>{formatCalendarDate(sa.submittedOn)}</dd>
              </>
            )}
            {sa.ommaApplicationNumber && (
              <>
                <dt className="text-muted-foreground">{t('dashboard.stateApp.number')}</dt>
                <dd className="break-all">{sa.ommaApplicationNumber}</dd>
              </>
            )}
          </dl>
        )}
        {sa.reason !== undefined && (
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold">{t('dashboard.stateApp.reason')}</h3>
            <blockquote className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-sm break-words text-amber-950">
              {sa.reason}
            </blockquote>
          </div>
        )}
        {sa.status === 'rejected' && (sa.documentsNeeded ?? []).length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">
              {sa.resubmitBy
                ? t('dashboard.stateApp.documentsBy', { date: formatCalendarDate(sa.resubmitBy) })
                : t('dashboard.stateApp.documents')}
            </h3>
            <ul className="grid gap-2" data-testid="documents-needed">
              {sa.documentsNeeded!.map((category) => (
                <li
                  key={category}
                  className="grid gap-2 text-sm sm:flex sm:items-center sm:justify-between"
                >
                  <span className="font-medium">{t(CATEGORY_NAME_KEYS[category])}</span>
                  {received.has(category) ? (
                    <span className="inline-flex items-center gap-1 text-green-800">
                      <CheckCircle2 aria-hidden="true" className="size-4" />
                      {t('dashboard.stateApp.received')}
                    </span>
                  ) : (
                    <Button
                      asChild
                      size="sm"
                      variant="outline"
                      className="h-auto w-fit max-w-full whitespace-normal"
                    >
                      <Link to={uploadRouteFor(category)}>
                        <Upload aria-hidden="true" />
                        {t('dashboard.stateApp.upload', {
                          document: t(CATEGORY_NAME_KEYS[category]),
                        })}
                      </Link>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {canRecord && <AppliedForm submitBy={formatCalendarDate(sa.submitBy)} />}
      </CardContent>
    </Card>
  );
}
