import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { FullPageSpinner } from '@/components/ui/spinner';
import { openApplication, useApplications } from '@/features/applications/api/applications';
import { useAuth } from '@/features/auth/api/session';
import { usePatientDocuments } from '@/features/documents/api/documents';
import { EligibilityNotice, isEligible } from '@/features/patient/components/eligibility-notice';
import { PaymentStep } from '@/features/payments/components/payment-step';
import { useQueueStatus } from '@/features/queue/api/queue';
import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { useApplicationDraft } from '../api/draft';
import { intakeProgress, WIZARD_STEPS } from '../lib/intake-progress';
import { ApplicationForm } from './application-form';
import { DocumentsStep } from './documents-step';
import { QueueStep } from './queue-step';

// The visit's main path (issue 11): application → documents → consent and payment → queue.
// Without `?step` the step is the one the records support, so a reload, the back button or a
// second device resumes where the patient was; `?step` keeps an explicit move (Back, Edit).

const NEXT_STEP_DELAY_MS = 1000;

export function IntakePage() {
  const t = useT();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const applications = useApplications();
  const documents = usePatientDocuments();
  const queue = useQueueStatus();
  const draft = useApplicationDraft();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const goTo = (next: number) => {
    setParams({ step: String(next) });
    // Move focus to the step's heading so keyboard and screen-reader users follow along.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const goLater = (next: number) => {
    timer.current = setTimeout(() => goTo(next), NEXT_STEP_DELAY_MS);
  };

  if (!user || applications.isPending || documents.isPending || queue.isPending || draft.isPending)
    return <FullPageSpinner />;
  const open = openApplication(applications.data);
  const progress = intakeProgress(open, documents.data, queue.data, applications.data);
  const raw = Number(params.get('step'));
  const step =
    Number.isInteger(raw) && raw >= 1 && raw <= WIZARD_STEPS.length ? raw : progress.step;
  const proofOnFile =
    (open &&
      documents.data?.find(
        (d) => d.category === 'reduced_fee_proof' && d.applicationId === open.id,
      )) ||
    null;

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6 px-4 py-8">
      <title>{t('intake.pageTitle', { brand: BRAND_NAME })}</title>
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">{t('intake.heading')}</h1>
        <ol
          className="grid grid-cols-4 gap-2 text-xs sm:text-sm"
          aria-label={t('intake.steps.label')}
        >
          {WIZARD_STEPS.map((title, i) => (
            <li
              key={title}
              aria-current={i + 1 === step ? 'step' : undefined}
              className={cn(
                'grid gap-0.5',
                i + 1 === step ? 'font-semibold text-primary' : 'text-muted-foreground',
              )}
            >
              <span>{t('intake.steps.number', { number: i + 1 })}</span>
              <span className="hidden sm:inline">{t(title)}</span>
            </li>
          ))}
        </ol>
        <Progress
          value={(step / WIZARD_STEPS.length) * 100}
          label={t('intake.progress.label')}
          valueText={t('intake.progress.value', {
            step,
            total: WIZARD_STEPS.length,
            title: t(WIZARD_STEPS[step - 1] ?? 'intake.steps.application'),
          })}
        />
      </div>

      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        {t('intake.stepHeading', {
          step,
          title: t(WIZARD_STEPS[step - 1] ?? 'intake.steps.application'),
        })}
      </h2>

      {step === 1 &&
        (isEligible(user) ? (
          <ApplicationForm
            key={open?.id ?? 'new'}
            application={open}
            // The draft only stands for a form not yet submitted.
            draft={open?.submittedAt ? null : (draft.data?.data ?? null)}
            proofOnFile={proofOnFile}
            onSubmitted={() => goLater(2)}
          />
        ) : (
          <EligibilityNotice user={user} action="applying" />
        ))}

      {step === 2 && (
        <DocumentsStep
          // A renewal's old proof of residency (or old photo) is asked for again, not shown as done.
          documents={(documents.data ?? []).filter((d) => !progress.stale.includes(d.id))}
          missing={progress.missing}
          onBack={() => goTo(1)}
          onNext={() => goTo(3)}
        />
      )}

      {step === 3 && (
        <div className="grid gap-6">
          <PaymentStep
            embedded
            user={user}
            intakeComplete={progress.complete}
            onPaid={() => goLater(4)}
            paidActions={<Button onClick={() => goTo(4)}>{t('intake.continue')}</Button>}
          />
          <div>
            <Button variant="outline" className="w-full sm:w-fit" onClick={() => goTo(2)}>
              {t('intake.back')}
            </Button>
          </div>
        </div>
      )}

      {step === 4 && (
        <QueueStep application={open} progress={progress} queue={queue.data ?? null} goTo={goTo} />
      )}
    </div>
  );
}
