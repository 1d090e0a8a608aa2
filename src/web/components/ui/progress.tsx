import { cn } from '@/lib/utils';

interface ProgressProps {
  /** 0–100 */
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
  /** Text for screen readers, e.g. "Step 2 of 4". */
  valueText?: string;
}

/** A determinate progress bar with its accessible name and value. */
export function Progress({ value, label, className, barClassName, valueText }: ProgressProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full bg-primary transition-[width]', barClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
