import { useLingui } from '@lingui/react';
import { AlertTriangle, CheckCircle2, Download, ExternalLink, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { documentViewUrl } from '@/features/documents/api/documents';
import { CATEGORY_NAME_KEYS } from '@/features/documents/labels';
import { money, useCalendarDate } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import type { Decision, DocumentNeedingAttention } from '../../../../shared/schemas/journey';
import type { PatientStateApplication } from '../../../../shared/schemas/state-application';

// What the patient does with the physician's decision (issue 11: decisions the patient can act
// on): the recommendation and the state's deadline after an approval; the reason, the options
// and the money back after a denial.

export const OMMA_URL = 'https://oklahoma.gov/omma';

type Approved = Extract<Decision, { outcome: 'approved' }>;
type NotApproved = Extract<Decision, { outcome: 'not_approved' }>;

export function ApprovalPanel({
  decision,
  stateApplication,
}: {
  decision: Approved;
  /** The OMMA application the approval opened (null for an approval from before issue 22). */
  stateApplication: PatientStateApplication | null;
}) {
  const t = useT();
  const calendar = useCalendarDate();
  return (
    <Card className="border-green-600" data-testid="approval-panel">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          {t('dashboard.decision.approved.title')}
        </h2>
        <CardDescription>
          {t('dashboard.decision.approved.signed', { date: calendar(decision.signedOn) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {decision.documentId ? (
          <Button asChild className="w-full sm:w-fit">
            <a href={documentViewUrl(decision.documentId)} download="physician-recommendation.pdf">
              <Download aria-hidden="true" />
              {t('dashboard.decision.approved.download')}
            </a>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('dashboard.decision.approved.preparing')}
          </p>
        )}
        <NextAtOmma decision={decision} stateApplication={stateApplication} />
      </CardContent>
    </Card>
  );
}

const warnWhen = (soon: boolean) =>
  soon ? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950' : 'text-sm';

function OmmaLink() {
  const t = useT();
  return (
    <a
      href={OMMA_URL}
      target="_blank"
      rel="noreferrer"
      className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline underline-offset-2"
    >
      oklahoma.gov/omma
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('dashboard.decision.newTab')}</span>
    </a>
  );
}

/**
 * What happens next at OMMA, in the mode the visit was paid under (issue 22): the clinic
 * applies with the state fee the patient already paid, or the patient applies and pays OMMA.
 */
function NextAtOmma({
  decision,
  stateApplication: sa,
}: {
  decision: Approved;
  stateApplication: PatientStateApplication | null;
}) {
  const t = useT();
  const calendar = useCalendarDate();
  // Once applied, the OMMA application's own card says where it stands.
  if (sa && sa.status !== 'preparing') return null;
  if (sa?.mode === 'clinic_submits')
    return (
      <div className="grid gap-2" data-testid="next-at-omma">
        <h3 className="font-semibold">{t('dashboard.decision.omma.clinicTitle')}</h3>
        <p className="text-sm">{t('dashboard.decision.omma.clinicBody')}</p>
        <p className={warnWhen(decision.daysLeft <= 7)}>
          {t('dashboard.decision.omma.clinicBy', { date: calendar(sa.submitBy) })}
        </p>
      </div>
    );
  const mine = sa?.mode === 'patient_submits';
  const on = calendar(decision.expiresOn);
  const deadline =
    decision.daysLeft < 0
      ? t('dashboard.decision.deadline.expired', { date: on })
      : decision.daysLeft === 0
        ? t('dashboard.decision.deadline.today', { date: on })
        : t('dashboard.decision.deadline.left', { date: on, days: decision.daysLeft });
  return (
    <div className="grid gap-2" data-testid="next-at-omma">
      <h3 className="font-semibold">{t('dashboard.decision.omma.patientTitle')}</h3>
      <p className={warnWhen(decision.daysLeft <= 7)}>
        {t('dashboard.decision.omma.patientWindow', { deadline })}
      </p>
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>{t('dashboard.decision.omma.stepAccount')}</li>
        <li>{t('dashboard.decision.omma.stepUpload')}</li>
        {/* Only a patient who applies themselves pays OMMA: the clinic's fee did not include it. */}
        <li>
          {mine ? t('dashboard.decision.omma.stepPay') : t('dashboard.decision.omma.stepSubmit')}
        </li>
        {mine && <li>{t('dashboard.decision.omma.stepTell')}</li>}
      </ol>
      <OmmaLink />
    </div>
  );
}

export function DenialPanel({ decision }: { decision: NotApproved }) {
  const t = useT();
  const { i18n } = useLingui();
  const amount = money(i18n, decision.amountCents / 100);
  const moneyBack =
    decision.paymentStatus === 'voided'
      ? t('dashboard.decision.denial.voided', { amount })
      : decision.paymentStatus === 'refunded'
        ? t('dashboard.decision.denial.refunded', { amount })
        : null;
  return (
    <Card className="border-amber-500" data-testid="denial-panel">
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('dashboard.decision.denial.title')}</h2>
        <CardDescription>{t('dashboard.decision.denial.body')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">{t('dashboard.decision.denial.reasonTitle')}</h3>
          <blockquote className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-sm break-words text-amber-950">
            {decision.reason ?? t('dashboard.decision.denial.noReason')}
          </blockquote>
        </div>
        {moneyBack && (
          <p className="text-sm font-medium" data-testid="money-back">
            {moneyBack}
          </p>
        )}
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('dashboard.decision.denial.whatTitle')}</h3>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            <li>{t('dashboard.decision.denial.talk')}</li>
            <li>{t('dashboard.decision.denial.applyAgain')}</li>
            <li>{t('dashboard.decision.denial.contact')}</li>
          </ul>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/patient/intake">{t('dashboard.decision.denial.newApplication')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Rejected documents, each with the clinic's reason and where to upload a new file. */
export function DocumentsAttention({ documents }: { documents: DocumentNeedingAttention[] }) {
  const t = useT();
  if (documents.length === 0) return null;
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="documents-attention"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {t('dashboard.decision.attention.title', { count: documents.length })}
      </p>
      <ul className="grid gap-3">
        {documents.map((d) => (
          <li key={d.id} className="grid gap-2 sm:flex sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {t(
                  d.required
                    ? 'dashboard.decision.attention.notAcceptedRequired'
                    : 'dashboard.decision.attention.notAccepted',
                  { document: t(CATEGORY_NAME_KEYS[d.category]) },
                )}
              </p>
              {d.reason && (
                <p className="break-words">
                  {t('dashboard.decision.attention.reason', { reason: d.reason })}
                </p>
              )}
            </div>
            <Button asChild size="sm" variant="outline" className="w-fit shrink-0 bg-white">
              <Link to={d.to}>
                <Upload aria-hidden="true" />
                {t('dashboard.decision.attention.upload')}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
