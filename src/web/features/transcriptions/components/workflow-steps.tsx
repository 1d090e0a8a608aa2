import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export const WORKFLOW_STEPS = ['Copy Transcription', 'Compile Notes', 'Secure Storage'] as const;

/** The workflow's three steps (staff-and-video.md §2, §4), the current one marked. */
export function WorkflowSteps({ current }: { current: number }) {
  return (
    <ol aria-label="Workflow steps" className="grid grid-cols-3 gap-2">
      {WORKFLOW_STEPS.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className={cn(
              'flex flex-col items-center gap-1 rounded-md border p-2 text-center text-xs font-medium sm:flex-row sm:text-left sm:text-sm',
              active
                ? 'border-primary bg-primary/5 text-primary'
                : done
                  ? 'border-green-300 bg-green-50 text-green-800'
                  : 'border-border text-muted-foreground',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                active
                  ? 'bg-primary text-primary-foreground'
                  : done
                    ? 'bg-green-700 text-white'
                    : 'bg-muted text-slate-700',
              )}
            >
              {done ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span>
              <span className="sr-only">Step {index + 1}: </span>
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
