import { useLingui } from '@lingui/react';
import { Camera, Globe, LifeBuoy, Mic, MonitorSmartphone, Phone, Timer, Wifi } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useBusinessHours } from '@/features/app-config/api/app-config';
import { VIDEO_DEMO_PATH } from '@/features/device-check/lib/video-demo-path';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@/lib/brand';
import { money } from '@/lib/i18n/format';
import { T } from '@/lib/i18n/t';
import { useT } from '@/lib/i18n/use-t';
import type { ApplicationType } from '../../../../shared/application-types';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import { type ApplicationPaymentStatus, feeCovered } from '../../../../shared/payment-status';
import type { QueueStatusView } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';

// The queue page's supporting cards (patient-side.md §2.9).

const APPLICATION_STATUS_KEYS: Record<ApplicationView['status'], MessageKey> = {
  pending: 'queue.appStatus.pending',
  payment_completed: 'queue.appStatus.payment_completed',
  in_review: 'queue.appStatus.in_review',
  documents_collected: 'queue.appStatus.documents_collected',
  approved: 'queue.appStatus.approved',
  rejected: 'queue.appStatus.rejected',
};

const APPLICATION_TYPE_KEYS: Record<ApplicationType, MessageKey> = {
  new: 'queue.appType.new',
  renewal: 'queue.appType.renewal',
};

const PAYMENT_STATUS_KEYS: Record<ApplicationPaymentStatus, MessageKey> = {
  unpaid: 'queue.payment.unpaid',
  authorized: 'queue.payment.authorized',
  captured: 'queue.payment.captured',
  voided: 'queue.payment.voided',
  refunded: 'queue.payment.refunded',
};

/** The state program's patient line (Oklahoma Medical Marijuana Authority). */
const OMMA_PHONE = '405-522-6662';

export function ApplicationDetailsCard({ application }: { application: ApplicationView | null }) {
  const t = useT();
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('queue.details.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {application ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('queue.details.type')}</dt>
            <dd>{t(APPLICATION_TYPE_KEYS[application.type])}</dd>
            <dt className="text-muted-foreground">{t('queue.details.status')}</dt>
            <dd>{t(APPLICATION_STATUS_KEYS[application.status])}</dd>
            <dt className="text-muted-foreground">{t('queue.details.payment')}</dt>
            <dd>
              {feeCovered(application.paymentStatus)
                ? t('queue.details.paidAmount', {
                    status: t(PAYMENT_STATUS_KEYS[application.paymentStatus]),
                    amount: money(i18n, application.amount),
                  })
                : t(PAYMENT_STATUS_KEYS[application.paymentStatus])}
            </dd>
            <dt className="text-muted-foreground">{t('queue.details.submitted')}</dt>
            <dd>
              {application.submittedAt
                ? i18n.date(application.submittedAt, {
                    year: 'numeric',
                    month: 'short',
                    day: 'numeric',
                  })
                : t('queue.details.notYet')}
            </dd>
            <dt className="text-muted-foreground">{t('queue.details.conditions')}</dt>
            <dd>
              {application.medicalConditions.length > 0
                ? application.medicalConditions.map((c) => c.description).join(', ')
                : t('queue.details.noConditions')}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{t('queue.details.none')}</p>
        )}
      </CardContent>
    </Card>
  );
}

const REQUIREMENTS: { icon: typeof Camera; text: MessageKey }[] = [
  { icon: Camera, text: 'queue.requirements.camera' },
  { icon: Mic, text: 'queue.requirements.mic' },
  { icon: Globe, text: 'queue.requirements.browser' },
  { icon: Wifi, text: 'queue.requirements.internet' },
  { icon: MonitorSmartphone, text: 'queue.requirements.place' },
];

/**
 * "Test Video System" opens the real device check at /video-demo in a new tab (issue 21: it
 * opened a placeholder), so the queue page and its place in line stay open behind it.
 */
export function SystemRequirementsCard() {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('queue.requirements.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 text-sm">
          {REQUIREMENTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {t(text)}
            </li>
          ))}
        </ul>
        <a
          href={VIDEO_DEMO_PATH}
          target="_blank"
          rel="noopener"
          className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-fit"
        >
          <Camera aria-hidden="true" className="size-4" />
          {t('queue.requirements.test')}
          <span className="sr-only">{t('queue.requirements.newTab')}</span>
        </a>
      </CardContent>
    </Card>
  );
}

export function HelpCard() {
  const t = useT();
  const businessHours = useBusinessHours();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
          {t('queue.help.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          <T
            k={SUPPORT_PHONE ? 'queue.help.supportPhone' : 'queue.help.support'}
            values={{ hours: businessHours, email: SUPPORT_EMAIL, phone: SUPPORT_PHONE ?? '' }}
            components={{
              0: (
                // Its text is the message's (<0>{email}</0>); this one satisfies the a11y lint.
                <a className="font-medium text-primary underline" href={`mailto:${SUPPORT_EMAIL}`}>
                  {SUPPORT_EMAIL}
                </a>
              ),
              1: (
                <a className="font-medium text-primary underline" href={`tel:${SUPPORT_PHONE}`}>
                  {SUPPORT_PHONE}
                </a>
              ),
            }}
          />
        </p>
        <p className="flex items-start gap-2">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <T
              k="queue.help.omma"
              values={{ phone: OMMA_PHONE }}
              components={{
                0: (
                  <a className="font-medium text-primary underline" href={`tel:${OMMA_PHONE}`}>
                    {OMMA_PHONE}
                  </a>
                ),
              }}
            />
          </span>
        </p>
      </CardContent>
    </Card>
  );
}

/** The wait card, with the clinic's measured average consultation length. */
export function WaitCard({ status }: { status: QueueStatusView }) {
  const t = useT();
  const ahead = Math.max(0, status.position - 1);
  const average = status.averageConsultationMinutes;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer aria-hidden="true" className="size-5 text-primary" />
          {t('queue.wait.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>
          <T k="queue.wait.average" values={{ minutes: average }} components={{ 0: <strong /> }} />
        </p>
        {status.status === 'waiting' && (
          <p>{ahead === 0 ? t('queue.wait.next') : t('queue.wait.ahead', { count: ahead })}</p>
        )}
        <p className="text-muted-foreground">{t('queue.wait.keepOpen')}</p>
      </CardContent>
    </Card>
  );
}
