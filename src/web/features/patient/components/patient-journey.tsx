import { AlertTriangle, Ban, Check, Circle, CircleDot } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { Journey, JourneyStepState } from '../../../../shared/schemas/journey';

const STATE_LABEL: Record<JourneyStepState, string> = {
  completed: 'Completed',
  current: 'Current step',
  pending: 'Pending',
  attention: 'Needs your attention',
  blocked: 'Not available',
};

/**
 * The visit's steps as the server computed them from the records (GET /api/patient/journey):
 * each with its state, a short status line, and the next action where there is one.
 */
export function PatientJourney({ journey }: { journey: Journey }) {
  const { steps, completed, percent } = journey;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Your journey</h2>
        <CardDescription>
          {completed} of {steps.length} steps complete ({percent}%)
        </CardDescription>
        <Progress
          value={percent}
          label="Journey progress"
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
                    {index + 1}. {step.title}
                  </span>
                  <span
                    className={cn(
                      'text-xs',
                      step.state === 'attention'
                        ? 'font-medium text-amber-800'
                        : 'text-muted-foreground',
                    )}
                  >
                    {STATE_LABEL[step.state]}
                  </span>
                </div>
                <p className="text-sm break-words text-muted-foreground">{step.status}</p>
                {/* The current step's action is the headline card's; a step needing
                    attention carries its own here. */}
                {step.action && step.state === 'attention' && (
                  <Button asChild size="sm" variant="outline" className="mt-1 w-fit">
                    <Link to={step.action.to}>{step.action.label}</Link>
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
