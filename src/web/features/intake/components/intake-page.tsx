import { CheckCircle2, Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { FullPageSpinner } from '@/components/ui/spinner';
import { openApplication, useApplications } from '@/features/applications/api/applications';
import { useAuth } from '@/features/auth/api/session';
import { usePatientDocuments } from '@/features/documents/api/documents';
import { CategoryCard } from '@/features/documents/components/category-card';
import { EligibilityNotice, isEligible } from '@/features/patient/components/eligibility-notice';
import { PaymentStep } from '@/features/payments/components/payment-step';
import { useQueueStatus } from '@/features/queue/api/queue';
import { BRAND_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';
import { CATEGORY_DEFINITIONS, DOCUMENT_CATEGORIES } from '../../../../shared/documents';
import { ApplicationForm } from './application-form';

// The license application wizard (patient-side.md §2.7 with ruling 9: the document and
// payment steps are real). The step lives in the address (?step=2) so a reload keeps it.

const STEPS = ['Application Details', 'Document Upload', 'Payment', 'Queue'] as const;
const NEXT_STEP_DELAY_MS = 1000;

const REQUIRED_CATEGORIES = DOCUMENT_CATEGORIES.map((c) => CATEGORY_DEFINITIONS[c]).filter(
  (d) => d.inUploadCenter && d.required,
);

export function IntakePage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const applications = useApplications();
  const documents = usePatientDocuments();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const raw = Number(params.get('step') ?? '1');
  const step = Number.isInteger(raw) && raw >= 1 && raw <= STEPS.length ? raw : 1;
  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { step: String(next) });
    // Move focus to the step's heading so keyboard and screen-reader users follow along.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const goLater = (next: number) => {
    timer.current = setTimeout(() => goTo(next), NEXT_STEP_DELAY_MS);
  };

  if (!user || applications.isPending || documents.isPending) return <FullPageSpinner />;
  const open = openApplication(applications.data);
  const proofOnFile =
    (open &&
      documents.data?.find(
        (d) => d.category === 'reduced_fee_proof' && d.applicationId === open.id,
      )) ||
    null;
  const byCategory = new Map((documents.data ?? []).map((d) => [d.category, d]));

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`License Application | ${BRAND_NAME}`}</title>
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">License Application</h1>
        <ol className="grid grid-cols-4 gap-2 text-xs sm:text-sm" aria-label="Application steps">
          {STEPS.map((title, i) => (
            <li
              key={title}
              aria-current={i + 1 === step ? 'step' : undefined}
              className={cn(
                'grid gap-0.5',
                i + 1 === step ? 'font-semibold text-primary' : 'text-muted-foreground',
              )}
            >
              <span>Step {i + 1}</span>
              <span className="hidden sm:inline">{title}</span>
            </li>
          ))}
        </ol>
        <Progress
          value={(step / STEPS.length) * 100}
          label="Application progress"
          valueText={`Step ${step} of ${STEPS.length}: ${STEPS[step - 1]}`}
        />
      </div>

      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        {step}. {STEPS[step - 1]}
      </h2>

      {step === 1 &&
        (isEligible(user) ? (
          <ApplicationForm
            key={open?.id ?? 'new'}
            application={open}
            proofOnFile={proofOnFile}
            onSubmitted={() => goLater(2)}
          />
        ) : (
          <EligibilityNotice user={user} action="applying" />
        ))}

      {step === 2 && (
        <div className="grid gap-6">
          <p className="text-muted-foreground">
            Upload the documents the state requires. You can also add them later from the Document
            Upload Center.
          </p>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {REQUIRED_CATEGORIES.map((definition) => (
              <CategoryCard
                key={definition.id}
                definition={definition}
                document={byCategory.get(definition.id)}
                headingLevel="h3"
              />
            ))}
          </div>
          <StepButtons
            onBack={() => goTo(1)}
            onNext={() => goTo(3)}
            nextLabel="Continue to Payment"
          />
        </div>
      )}

      {step === 3 && (
        <div className="grid gap-6">
          <PaymentStep
            embedded
            user={user}
            onPaid={() => goLater(4)}
            paidActions={<Button onClick={() => goTo(4)}>Continue</Button>}
          />
          <StepButtons onBack={() => goTo(2)} />
        </div>
      )}

      {step === 4 && <QueueStep />}
    </div>
  );
}

function StepButtons({
  onBack,
  onNext,
  nextLabel,
}: {
  onBack: () => void;
  onNext?: () => void;
  nextLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={onBack}>
        Back
      </Button>
      {onNext && <Button onClick={onNext}>{nextLabel}</Button>}
    </div>
  );
}

/** Step 4: the success screen with the way to the queue. */
function QueueStep() {
  const queue = useQueueStatus();
  const status = queue.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />
          Application Complete
        </CardTitle>
        <CardDescription>
          Your application is in. A licensed physician will see you by video.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status?.status === 'waiting' && (
          <p className="flex items-center gap-2 text-sm">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-primary" />
            You are number {status.position} in the consultation queue, about{' '}
            {status.estimatedWaitTime} min of waiting.
          </p>
        )}
        <Button asChild size="lg" className="w-full sm:w-fit">
          <Link to="/patient/queue">Go to Consultation Queue</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
