import { AlertTriangle, CheckCircle2, Download, ExternalLink, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { documentViewUrl } from '@/features/documents/api/documents';
import { formatCalendarDate } from '@/lib/format';
import { moneyBackLine } from '../../../../shared/journey';
import type { Decision, DocumentNeedingAttention } from '../../../../shared/schemas/journey';
import type { PatientStateApplication } from '../../../../shared/schemas/state-application';

// What the patient does with the physician's decision (issue 11: decisions the patient can act
// on): the recommendation and the state's deadline after an approval; the reason, the options
// and the money back after a denial.

export const OMMA_URL = 'https://oklahoma.gov/omma';

type Approved = Extract<Decision, { outcome: 'approved' }>;
type NotApproved = Extract<Decision, { outcome: 'not_approved' }>;

function deadlineLine(d: Approved) {
  const on = formatCalendarDate(d.expiresOn);
  if (d.daysLeft < 0) return `It expired for the state's purposes on ${on}.`;
  if (d.daysLeft === 0) return `It expires for the state's purposes today, ${on}.`;
  return `It expires for the state's purposes on ${on} — ${d.daysLeft} day${d.daysLeft === 1 ? '' : 's'} left.`;
}

export function ApprovalPanel({
  decision,
  stateApplication,
}: {
  decision: Approved;
  /** The OMMA application the approval opened (null for an approval from before issue 22). */
  stateApplication: PatientStateApplication | null;
}) {
  return (
    <Card className="border-green-600" data-testid="approval-panel">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          Recommendation approved
        </h2>
        <CardDescription>
          Your physician signed your recommendation on {formatCalendarDate(decision.signedOn)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {decision.documentId ? (
          <Button asChild className="w-full sm:w-fit">
            <a href={documentViewUrl(decision.documentId)} download="physician-recommendation.pdf">
              <Download aria-hidden="true" />
              Download your recommendation
            </a>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">Your recommendation is being prepared.</p>
        )}
        <NextAtOmma decision={decision} stateApplication={stateApplication} />
      </CardContent>
    </Card>
  );
}

const warnWhen = (soon: boolean) =>
  soon ? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950' : 'text-sm';

function OmmaLink() {
  return (
    <a
      href={OMMA_URL}
      target="_blank"
      rel="noreferrer"
      className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline underline-offset-2"
    >
      oklahoma.gov/omma
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
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
  // Once applied, the OMMA application's own card says where it stands.
  if (sa && sa.status !== 'preparing') return null;
  if (sa?.mode === 'clinic_submits')
    return (
      <div className="grid gap-2" data-testid="next-at-omma">
        <h3 className="font-semibold">Next: we apply to OMMA for you</h3>
        <p className="text-sm">
          We submit your OMMA application and pay the state fee you already paid. There is nothing
          more to pay.
        </p>
        <p className={warnWhen(decision.daysLeft <= 7)}>
          We submit it by {formatCalendarDate(sa.submitBy)}: the Oklahoma Medical Marijuana
          Authority (OMMA) accepts a recommendation dated within 30 days of the application.
        </p>
      </div>
    );
  const mine = sa?.mode === 'patient_submits';
  return (
    <div className="grid gap-2" data-testid="next-at-omma">
      <h3 className="font-semibold">Next: apply for your licence with OMMA</h3>
      <p className={warnWhen(decision.daysLeft <= 7)}>
        {deadlineLine(decision)} The Oklahoma Medical Marijuana Authority (OMMA) accepts a
        recommendation dated within 30 days of your licence application.
      </p>
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Create an account on OMMA's patient portal.</li>
        <li>
          Upload your recommendation, your government ID, your proof of Oklahoma residency and your
          photo.
        </li>
        {/* Only a patient who applies themselves pays OMMA: the clinic's fee did not include it. */}
        <li>
          {mine
            ? 'Pay the state fee to OMMA there and submit the application.'
            : 'Submit the application.'}
        </li>
        {mine && <li>Tell us below that you applied.</li>}
      </ol>
      <OmmaLink />
    </div>
  );
}

export function DenialPanel({ decision }: { decision: NotApproved }) {
  const money = moneyBackLine(decision);
  return (
    <Card className="border-amber-500" data-testid="denial-panel">
      <CardHeader>
        <h2 className="text-lg font-semibold">Recommendation not approved</h2>
        <CardDescription>
          The physician did not recommend medical marijuana for this application.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">The physician's reason</h3>
          <blockquote className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-sm break-words text-amber-950">
            {decision.reason ?? 'No reason was recorded. Contact the clinic to ask for it.'}
          </blockquote>
        </div>
        {money && (
          <p className="text-sm font-medium" data-testid="money-back">
            {money}
          </p>
        )}
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">What you can do</h3>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            <li>Talk to your own doctor about the reason and your treatment options.</li>
            <li>Apply again later with new medical records that document your condition.</li>
            <li>Contact the clinic if you have questions about this decision.</li>
          </ul>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/patient/intake">Start a new application</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Rejected documents, each with the clinic's reason and where to upload a new file. */
export function DocumentsAttention({ documents }: { documents: DocumentNeedingAttention[] }) {
  if (documents.length === 0) return null;
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="documents-attention"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {documents.length === 1 ? 'A document needs a new file' : 'Some documents need new files'}
      </p>
      <ul className="grid gap-3">
        {documents.map((d) => (
          <li key={d.id} className="grid gap-2 sm:flex sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {d.name}
                {d.required && ' (required)'} was not accepted
              </p>
              {d.reason && <p className="break-words">Reason: {d.reason}</p>}
            </div>
            <Button asChild size="sm" variant="outline" className="w-fit shrink-0 bg-white">
              <Link to={d.to}>
                <Upload aria-hidden="true" />
                Upload a new file
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
