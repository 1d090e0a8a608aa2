import { AlertTriangle, Ban, Check, Circle, CircleDot } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import type { MessageKey } from '../../../../shared/i18n/message-key';
import type { Journey, JourneyStepKey, JourneyStepState } from '../../../../shared/schemas/journey';
import { useJourneyText } from '../journey-text';

const STATE_LABEL: Record<JourneyStepState, MessageKey> = {
  completed: 'dashboard.journey.stepState.completed',
  current: 'dashboard.journey.stepState.current',
  pending: 'dashboard.journey.stepState.pending',
  attention: 'dashboard.journey.stepState.attention',
  blocked: 'dashboard.journey.stepState.blocked',
};

/** Each step's name on the patient's pages (the server's `title` stays English for staff). */
export const STEP_TITLE: Record<JourneyStepKey, MessageKey> = {
  account: 'dashboard.journey.step.account',
  application: 'dashboard.journey.step.application',
  documents: 'dashboard.journey.step.documents',
  payment: 'dashboard.journey.step.payment',
  queue: 'dashboard.journey.step.queue',
  consultation: 'dashboard.journey.step.consultation',
  decision: 'dashboard.journey.step.decision',
  delivery: 'dashboard.journey.step.delivery',
  state_application: 'dashboard.journey.step.state_application',
  license: 'dashboard.journey.step.license',
};

/**
 * The visit's steps as the server computed them from the records (GET /api/patient/journey):
 * each with its state, a short status line, and the next action where there is one.
 */
export function PatientJourney({ journey }: { journey: Journey }) {
  const t = useT();
  const say = useJourneyText();
  const { steps, completed, percent } = journey;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('dashboard.journey.title')}</h2>
        <CardDescription>
          {t('dashboard.journey.progress', { completed, total: steps.length, percent })}
        </CardDescription>
        <Progress
          value={percent}
          label={t('dashboard.journey.progressLabel')}
          barClassName="bg-secondary"
          className="mt-2"
        />
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4">
          {steps.map((step, index) => (
            <li
              key={step.key}
              className="flex items-start gap-3"
              data-step={step.key}
              data-state={step.state}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <StepIcon state={step.state} />
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span
                    className={cn(
                      'font-medium',
                      (step.state === 'pending' || step.state === 'blocked') && 'text-slate-700',
                    )}
                  >
                    {t('dashboard.journey.stepTitle', {
                      number: index + 1,
                      title: t(STEP_TITLE[step.key]),
                    })}
                  </span>
                  <span
                    className={cn(
                      'text-xs',
                      step.state === 'attention'
                        ? 'font-medium text-amber-800'
                        : 'text-muted-foreground',
                    )}
                  >
                    {t(STATE_LABEL[step.state])}
                  </span>
                </div>
                <p className="text-sm break-words text-muted-foreground">
                  {say(step.statusMessage, step.status)}
                </p>
                {/* The current step's action is the headline card's; a step needing
                    attention carries its own here. */}
                {step.action && step.state === 'attention' && (
                  <Button asChild size="sm" variant="outline" className="mt-1 w-fit">
                    <Link to={step.action.to}>{say(step.actionMessage, step.action.label)}</Link>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function StepIcon({ state }: { state: JourneyStepState }) {
  const base = 'flex size-8 shrink-0 items-center justify-center rounded-full';
  const icon = 'size-4';
  switch (state) {
    case 'completed':
      return (
        <span className={cn(base, 'bg-green-700 text-white')}>
          <Check aria-hidden="true" className={icon} />
        </span>
      );
    case 'current':
      return (
        <span className={cn(base, 'bg-accent text-accent-foreground')}>
          <CircleDot aria-hidden="true" className={icon} />
        </span>
      );
    case 'attention':
      return (
        <span className={cn(base, 'bg-amber-100 text-amber-800')}>
          <AlertTriangle aria-hidden="true" className={icon} />
        </span>
      );
    case 'blocked':
      return (
        <span className={cn(base, 'bg-muted text-slate-600')}>
          <Ban aria-hidden="true" className={icon} />
        </span>
      );
    default:
      return (
        <span className={cn(base, 'bg-muted text-slate-600')}>
          <Circle aria-hidden="true" className={icon} />
        </span>
      );
  }
}
