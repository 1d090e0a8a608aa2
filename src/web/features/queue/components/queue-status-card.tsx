import { useLingui } from '@lingui/react';
import { CheckCircle2, Clock, Hourglass, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { useT } from '@/lib/i18n/use-t';
import { useNow } from '@/lib/use-now';
import { formatClinicInstant } from '../../../../shared/clinic-hours';
import { isLanguage } from '../../../../shared/i18n/languages';
import type { QueueStatusView } from '../../../../shared/queue';
import { queueProgress } from '../../../../shared/queue-place';
import { NotifyMeButton } from './physician-arrival';

interface QueueStatusCardProps {
  status: QueueStatusView;
  /** Where Join Video Call goes; null while no room is open. */
  callPath: string | null;
}

/** Position, wait, progress and time in queue, by status (patient-side.md §4 Queue states). */
export function QueueStatusCard({ status, callPath }: QueueStatusCardProps) {
  const t = useT();
  const { i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const now = useNow(1000);
  const minutesInQueue = Math.max(0, Math.floor((now - Date.parse(status.joinedAt)) / 60_000));
  const waiting = status.status === 'waiting';
  const ready = status.status === 'admitted' || status.status === 'in_consultation';
  const completed = status.status === 'completed';
  const timeZone = useAppConfig().data?.clinicTimeZone ?? 'America/Chicago';
  // Without a physician connected there is no honest estimate or progress (issue 11).
  const onDuty = status.physicianOnDuty;

  return (
    <Card className={ready ? 'border-green-600' : undefined}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('queue.status.title')}</CardTitle>
          {waiting && (
            <Badge variant="warning">
              <Hourglass aria-hidden="true" className="size-3" />
              {t('queue.status.waiting')}
            </Badge>
          )}
          {ready && (
            <Badge variant="success">
              <Video aria-hidden="true" className="size-3" />
              {t('queue.status.ready')}
            </Badge>
          )}
          {completed && (
            <Badge variant="secondary">
              <CheckCircle2 aria-hidden="true" className="size-3" />
              {t('queue.status.completed')}
            </Badge>
          )}
        </div>
        {waiting && onDuty && <CardDescription>{t('queue.status.live')}</CardDescription>}
        {waiting && !onDuty && (
          <CardDescription data-testid="no-physician">
            {t('queue.status.noPhysician')}
          </CardDescription>
        )}
        {/* A physician working late is seeing patients: "closed" would be wrong then. */}
        {waiting && !onDuty && status.clinicOpensAt && (
          <p className="text-sm font-medium" data-testid="clinic-opens">
            {t('queue.status.clinicOpens', {
              opens: formatClinicInstant(status.clinicOpensAt, timeZone, language),
            })}
          </p>
        )}
      </CardHeader>
      {/* minmax(0, 1fr): a long button label wraps instead of widening the column past the card. */}
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5">
        {waiting && !onDuty && <NotifyMeButton />}
        {waiting && (
          <>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <div className="rounded-md bg-muted p-3">
                <dt className="text-xs text-muted-foreground">{t('queue.status.position')}</dt>
                <dd className="text-3xl font-bold text-primary" data-testid="queue-position">
                  #{status.position}
                </dd>
              </div>
              <div className="rounded-md bg-muted p-3">
                <dt className="text-xs text-muted-foreground">{t('queue.status.estimatedWait')}</dt>
                {onDuty ? (
                  <dd className="text-3xl font-bold" data-testid="queue-wait">
                    {status.estimatedWaitTime}
                    <span className="ml-1 text-base font-medium">{t('queue.status.min')}</span>
                  </dd>
                ) : (
                  <dd className="pt-2 text-base font-medium" data-testid="queue-wait">
                    {t('queue.status.noPhysicianShort')}
                  </dd>
                )}
              </div>
              <div className="col-span-2 rounded-md bg-muted p-3 sm:col-span-1">
                <dt className="text-xs text-muted-foreground">{t('queue.status.timeInQueue')}</dt>
                <dd className="flex items-baseline gap-1 text-3xl font-bold">
                  <Clock aria-hidden="true" className="size-5 self-center text-muted-foreground" />
                  {minutesInQueue}
                  <span className="text-base font-medium">{t('queue.status.min')}</span>
                </dd>
              </div>
            </dl>
            {onDuty && (
              <div className="grid gap-1">
                <div className="flex justify-between text-sm">
                  <span>{t('queue.status.progress')}</span>
                  <span>{queueProgress(status.position)}%</span>
                </div>
                <Progress
                  value={queueProgress(status.position)}
                  label={t('queue.status.progress')}
                  barClassName="bg-secondary"
                />
              </div>
            )}
          </>
        )}

        {ready && (
          <div className="grid gap-3">
            <p>
              {/* "Join now" only beside a Join that works: the server's live call (issue 11). */}
              {callPath ? t('queue.status.readyJoin') : t('queue.status.admitted')}
            </p>
            {callPath ? (
              <Button asChild size="lg" className="w-full sm:w-fit">
                <Link to={callPath}>
                  <Video aria-hidden="true" />
                  {t('queue.status.joinConsultation')}
                </Link>
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t('queue.status.joinSoon')}</p>
            )}
          </div>
        )}

        {completed && <p>{t('queue.status.done')}</p>}
      </CardContent>
    </Card>
  );
}
