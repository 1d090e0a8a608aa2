import { Camera, Globe, LifeBuoy, Mic, MonitorSmartphone, Phone, Timer, Wifi } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useBusinessHours } from '@/features/app-config/api/app-config';
import { VIDEO_DEMO_PATH } from '@/features/device-check/lib/video-demo-path';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@/lib/brand';
import { formatDate } from '@/lib/format';
import { APPLICATION_TYPE_LABELS } from '../../../../shared/application-types';
import { feeCovered } from '../../../../shared/payment-status';
import { PAYMENT_STATUS_LABELS } from '../../../../shared/payment-status-labels';
import type { QueueStatusView } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';

// The queue page's supporting cards (patient-side.md §2.9).

const APPLICATION_STATUS_LABELS: Record<ApplicationView['status'], string> = {
  pending: 'Pending',
  payment_completed: 'Payment Completed',
  in_review: 'In Review',
  documents_collected: 'Documents Collected',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The state program's patient line (Oklahoma Medical Marijuana Authority). */
const OMMA_PHONE = '405-522-6662';

export function ApplicationDetailsCard({ application }: { application: ApplicationView | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Application Details</CardTitle>
      </CardHeader>
      <CardContent>
        {application ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Type</dt>
            <dd>{APPLICATION_TYPE_LABELS[application.type]}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>{APPLICATION_STATUS_LABELS[application.status]}</dd>
            <dt className="text-muted-foreground">Payment</dt>
            <dd>
              {feeCovered(application.paymentStatus)
                ? `${PAYMENT_STATUS_LABELS[application.paymentStatus]}, $${application.amount}`
                : PAYMENT_STATUS_LABELS[application.paymentStatus]}
            </dd>
            <dt className="text-muted-foreground">Submitted</dt>
            <dd>{application.submittedAt ? formatDate(application.submittedAt) : 'Not yet'}</dd>
            <dt className="text-muted-foreground">Conditions</dt>
            <dd>
              {application.medicalConditions.length > 0
                ? application.medicalConditions.map((c) => c.description).join(', ')
                : 'None listed yet'}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No application found.</p>
        )}
      </CardContent>
    </Card>
  );
}

const REQUIREMENTS = [
  { icon: Camera, text: 'A working camera' },
  { icon: Mic, text: 'A microphone or headset' },
  { icon: Globe, text: 'A current Chrome, Firefox, Safari or Edge' },
  { icon: Wifi, text: 'A stable internet connection' },
  { icon: MonitorSmartphone, text: 'A quiet, private place' },
];

/**
 * "Test Video System" opens the real device check at /video-demo in a new tab (issue 21: it
 * opened a placeholder), so the queue page and its place in line stay open behind it.
 */
export function SystemRequirementsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Requirements</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 text-sm">
          {REQUIREMENTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {text}
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
          Test Video System
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </CardContent>
    </Card>
  );
}

export function HelpCard() {
  const businessHours = useBusinessHours();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
          Need Help?
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          Clinic support ({businessHours}):{' '}
          <a className="font-medium text-primary underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          {SUPPORT_PHONE && (
            <>
              {' '}
              or{' '}
              <a className="font-medium text-primary underline" href={`tel:${SUPPORT_PHONE}`}>
                {SUPPORT_PHONE}
              </a>
            </>
          )}
        </p>
        <p className="flex items-start gap-2">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            State program questions: Oklahoma Medical Marijuana Authority (OMMA){' '}
            <a className="font-medium text-primary underline" href={`tel:${OMMA_PHONE}`}>
              {OMMA_PHONE}
            </a>
          </span>
        </p>
      </CardContent>
    </Card>
  );
}

/** The wait card, with the clinic's measured average consultation length. */
export function WaitCard({ status }: { status: QueueStatusView }) {
  const ahead = Math.max(0, status.position - 1);
  const average = status.averageConsultationMinutes;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer aria-hidden="true" className="size-5 text-primary" />
          While You Wait
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>
          Average consultation: about <strong>{average} minutes</strong> per patient.
        </p>
        {status.status === 'waiting' && (
          <p>
            {ahead === 0
              ? 'You are next in line.'
              : `${ahead} ${ahead === 1 ? 'patient is' : 'patients are'} ahead of you.`}
          </p>
        )}
        <p className="text-muted-foreground">
          Keep this page open: it updates by itself and tells you when your physician is ready.
        </p>
      </CardContent>
    </Card>
  );
}
