import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Clock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import type { FormErrorItem } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { APPLICATIONS_KEY } from '@/features/applications/api/applications';
import { invalidateDocumentLists } from '@/features/documents/api/documents';
import { joinLabels } from '@/features/documents/labels';
import { useJoinQueue } from '@/features/queue/api/queue';
import { DispensaryStatement } from '@/features/queue/components/dispensary-statement';
import { errorMessage, isApiError } from '@/lib/api-client';
import { isNetworkFailure } from '@/lib/form-errors';
import { useT, useTr } from '@/lib/i18n/use-t';
import { MEDICAL_CONDITION_LABEL, missingNamedBy } from '../../../../shared/intake';
import { type QueueStatusView, STATEMENT_REQUIRED_MESSAGE } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';
import { whenSeen } from '../../../../shared/when-seen';
import type { IntakeProgress } from '../lib/intake-progress';

interface QueueStepProps {
  application: ApplicationView | null;
  progress: IntakeProgress;
  queue: QueueStatusView | null;
  /** Go to a wizard step to finish what is missing. */
  goTo: (step: number) => void;
}

/**
 * The wizard's last step (issue 11): in line already, or what is still missing, or the
 * dispensary statement and "Join the queue" once the intake is complete and the fee covered.
 */
export function QueueStep({ application, progress, queue, goTo }: QueueStepProps) {
  // What the server named when it refused the join (a document turned down meanwhile, say):
  // shown in the missing list, where the records' own list would be.
  const t = useT();
  const [refusedFor, setRefusedFor] = useState<string[] | null>(null);
  if (progress.queued && queue) return <InQueue queue={queue} />;
  const missing = refusedFor ?? (progress.complete ? null : progress.missing);
  if (missing)
    return (
      <StepCard
        icon={<CircleAlert aria-hidden="true" className="size-6 text-primary" />}
        title={t('intake.queue.missingTitle')}
        description={
          // A refusal is announced as it appears; the records' list is read with the page.
          <span role={refusedFor ? 'alert' : undefined}>
            {t('intake.queue.missingMessage', { list: joinLabels(t, missing) })}
          </span>
        }
      >
        <Button className="w-full sm:w-fit" onClick={() => goTo(firstStepFor(missing))}>
          {t('intake.queue.continueApplication')}
        </Button>
      </StepCard>
    );
  if (!progress.feeCovered || !application)
    return (
      <StepCard
        icon={<CircleAlert aria-hidden="true" className="size-6 text-primary" />}
        title={t('intake.queue.paymentTitle')}
        description={t('intake.queue.paymentDescription')}
      >
        <Button className="w-full sm:w-fit" onClick={() => goTo(3)}>
          {t('intake.documents.continue')}
        </Button>
      </StepCard>
    );
  return <JoinWithStatement applicationId={application.id} onMissing={setRefusedFor} />;
}

/** The application step when a condition is missing, otherwise the documents step. */
const firstStepFor = (missing: readonly string[]) =>
  missing.includes(MEDICAL_CONDITION_LABEL) ? 1 : 2;

const STATEMENT_ID = 'queue-dispensary-statement';

function JoinWithStatement({
  applicationId,
  onMissing,
}: {
  applicationId: string;
  onMissing: (missing: string[]) => void;
}) {
  const t = useT();
  const tr = useTr();
  const join = useJoinQueue();
  const queryClient = useQueryClient();
  const timeZone = useAppConfig().data?.clinicTimeZone ?? 'America/Chicago';
  const [statement, setStatement] = useState(false);
  const [statementError, setStatementError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const items: FormErrorItem[] = statementError
    ? [{ id: STATEMENT_ID, label: t('intake.queue.statementLabel'), message: statementError }]
    : [];
  const fail = (onStatement: string | undefined, message: string | null) => {
    setStatementError(onStatement);
    setFormError(message);
    setAttempt((n) => n + 1);
  };

  const onJoin = () => {
    if (!statement) return fail(STATEMENT_REQUIRED_MESSAGE, null);
    setFormError(null);
    join.mutateAsync(applicationId).then(
      (status) =>
        toast({
          title: t('intake.queue.joinedTitle'),
          description: status
            ? t('intake.queue.joinedWhen', { when: whenSeen(status, timeZone) })
            : t('intake.queue.keepOpen'),
        }),
      (error: unknown) => {
        if (isNetworkFailure(error)) {
          toast({
            title: t('intake.queue.noConnectionTitle'),
            description: t('intake.queue.noConnection'),
            variant: 'destructive',
          });
          return;
        }
        const message = tr(errorMessage(error, t('intake.queue.joinFailed')));
        const missing = isApiError(error, 400) ? missingNamedBy(message) : null;
        if (missing) {
          // The records changed under the wizard: read them again, and list what is missing.
          void invalidateDocumentLists(queryClient);
          void queryClient.invalidateQueries({ queryKey: [APPLICATIONS_KEY] });
          onMissing(missing);
        } else if (message === STATEMENT_REQUIRED_MESSAGE) fail(message, null);
        else fail(undefined, message);
      },
    );
  };
  return (
    <StepCard
      icon={<CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />}
      title={t('intake.queue.readyTitle')}
      description={t('intake.queue.readyDescription')}
    >
      <FormErrorSummary feedback={{ items, formError, attempt }} />
      <DispensaryStatement
        id={STATEMENT_ID}
        checked={statement}
        disabled={join.isPending}
        error={statementError}
        onCheckedChange={(checked) => {
          setStatement(checked);
          if (checked) setStatementError(undefined);
        }}
      />
      <FormServerError message={formError} />
      <Button size="lg" className="w-full sm:w-fit" disabled={join.isPending} onClick={onJoin}>
        {join.isPending ? t('intake.queue.joining') : t('intake.queue.join')}
      </Button>
    </StepCard>
  );
}

function InQueue({ queue }: { queue: QueueStatusView }) {
  const t = useT();
  const timeZone = useAppConfig().data?.clinicTimeZone ?? 'America/Chicago';
  return (
    <StepCard
      icon={<CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />}
      title={t('intake.queue.joinedTitle')}
      description={t('intake.queue.inQueueDescription')}
    >
      {queue.status === 'waiting' && (
        <p className="flex items-start gap-2 text-sm">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {whenSeen(queue, timeZone)}
        </p>
      )}
      <Button asChild size="lg" className="w-full sm:w-fit">
        <Link to="/patient/queue">{t('intake.queue.goToQueue')}</Link>
      </Button>
    </StepCard>
  );
}

function StepCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-start gap-2">
          <span className="shrink-0">{icon}</span>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
