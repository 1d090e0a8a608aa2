import { Check, Circle, CircleDot } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type StepState = 'completed' | 'current' | 'pending';

// Patient journey (patient-side.md §4). Until payments and consultations ship, only
// registration can be complete; payment is the current step.
const STEPS: { title: string; estimate: string; state: StepState }[] = [
  { title: 'Registration', estimate: '2 min', state: 'completed' },
  { title: 'Payment', estimate: '1-2 min', state: 'current' },
  { title: 'Consultation', estimate: '15-20 min', state: 'pending' },
  { title: 'License approval', estimate: '1-2 business days', state: 'pending' },
  { title: 'Document delivery', estimate: 'Immediate', state: 'pending' },
];

const STATE_LABEL: Record<StepState, string> = {
  completed: 'Completed',
  current: 'Current step',
  pending: 'Pending',
};

export function PatientJourney() {
  const done = STEPS.filter((s) => s.state === 'completed').length;
  const percent = Math.round((done / STEPS.length) * 100);

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Your journey</h2>
        <CardDescription>
          {done} of {STEPS.length} steps complete
        </CardDescription>
        <div
          role="progressbar"
          aria-label="Journey progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-secondary" style={{ width: `${percent}%` }} />
        </div>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex items-center gap-3">
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

function StepIcon({ state }: { state: StepState }) {
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
