import { CheckCircle2, CircleAlert, Clock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useJoinQueue } from '@/features/queue/api/queue';
import { DispensaryStatement } from '@/features/queue/components/dispensary-statement';
import { errorMessage } from '@/lib/api-client';
import { MEDICAL_CONDITION_LABEL, missingForQueueMessage } from '../../../../shared/intake';
import { type QueueStatusView, STATEMENT_REQUIRED_MESSAGE } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';
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
  if (progress.queued && queue) return <InQueue queue={queue} />;
  if (!progress.complete)
    return (
      <StepCard
        icon={<CircleAlert aria-hidden="true" className="size-6 text-primary" />}
        title="A few things before the queue"
        description={`${missingForQueueMessage(progress.missing)}.`}
      >
        <Button className="w-full sm:w-fit" onClick={() => goTo(firstStepFor(progress))}>
          Continue your application
        </Button>
      </StepCard>
    );
  if (!progress.feeCovered || !application)
    return (
      <StepCard
        icon={<CircleAlert aria-hidden="true" className="size-6 text-primary" />}
        title="Payment comes first"
        description="Your application and documents are in. Pay for the consultation to join the queue."
      >
        <Button className="w-full sm:w-fit" onClick={() => goTo(3)}>
          Continue to Consent and Payment
        </Button>
      </StepCard>
    );
  return <JoinWithStatement applicationId={application.id} />;
}

/** The application step when a condition is missing, otherwise the documents step. */
const firstStepFor = (progress: IntakeProgress) =>
  progress.missing.includes(MEDICAL_CONDITION_LABEL) ? 1 : 2;

function JoinWithStatement({ applicationId }: { applicationId: string }) {
  const join = useJoinQueue();
  const [statement, setStatement] = useState(false);
  const [error, setError] = useState<string>();
  const onJoin = () => {
    if (!statement) {
      setError(STATEMENT_REQUIRED_MESSAGE);
      document.getElementById('queue-dispensary-statement')?.focus();
      return;
    }
    join.mutateAsync(applicationId).then(
      () =>
        toast({
          title: 'You are in the queue',
          description: 'Keep the queue page open to be called.',
        }),
      (e: unknown) => setError(errorMessage(e, 'Could not join the queue. Please try again.')),
    );
  };
  return (
    <StepCard
      icon={<CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />}
      title="Ready for your consultation"
      description="Your application, documents and payment are in. Join the queue to meet a licensed physician by video."
    >
      <DispensaryStatement
        id="queue-dispensary-statement"
        checked={statement}
        disabled={join.isPending}
        error={error}
        onCheckedChange={(checked) => {
          setStatement(checked);
          if (checked) setError(undefined);
        }}
      />
      <Button size="lg" className="w-full sm:w-fit" disabled={join.isPending} onClick={onJoin}>
        {join.isPending ? 'Joining…' : 'Join the queue'}
      </Button>
    </StepCard>
  );
}

function InQueue({ queue }: { queue: QueueStatusView }) {
  return (
    <StepCard
      icon={<CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />}
      title="You are in the queue"
      description="A licensed physician will see you by video. Keep the queue page open to be called."
    >
      {queue.status === 'waiting' && (
        <p className="flex items-center gap-2 text-sm">
          <Clock aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {queue.physicianOnDuty
            ? `You are number ${queue.position} in line, about ${queue.estimatedWaitTime} min of waiting.`
            : `You are number ${queue.position} in line. No physician is on duty right now.`}
        </p>
      )}
      <Button asChild size="lg" className="w-full sm:w-fit">
        <Link to="/patient/queue">Go to Consultation Queue</Link>
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
  description: string;
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
