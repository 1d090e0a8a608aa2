import { Check, Circle, CircleDot } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { Journey, JourneyStepState } from '../../../../shared/journey';

const STATE_LABEL: Record<JourneyStepState, string> = {
  completed: 'Completed',
  current: 'Current step',
  pending: 'Pending',
};

/** The five-step journey (patient-side.md §4), computed from real data in src/shared/journey. */
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
        <ol className="grid gap-3">
          {steps.map((step, index) => (
            <li key={step.key} className="flex items-center gap-3" data-state={step.state}>
              <StepIcon state={step.state} />
              <div className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3">
                <span className={cn('font-medium', step.state === 'pending' && 'text-slate-700')}>
                  {index + 1}. {step.title}
                </span>
                <span className="text-xs text-muted-foreground">
                  {STATE_LABEL[step.state]} · {step.estimate}
                </span>
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
  if (state === 'completed') {
    return (
      <span className={cn(base, 'bg-green-700 text-white')}>
        <Check aria-hidden="true" className="size-4" />
      </span>
    );
  }
  if (state === 'current') {
    return (
      <span className={cn(base, 'bg-accent text-accent-foreground')}>
        <CircleDot aria-hidden="true" className="size-4" />
      </span>
    );
  }
  return (
    <span className={cn(base, 'bg-muted text-slate-600')}>
      <Circle aria-hidden="true" className="size-4" />
    </span>
  );
}
