import { formatCalendarDate } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * How staff screens name a patient (issue 12): the name, with the date of birth beneath it
 * to tell namesakes apart — never a bare id.
 */
export function PatientIdentity({
  name,
  dateOfBirth,
  className,
}: {
  name: string;
  dateOfBirth: string | null | undefined;
  className?: string;
}) {
  return (
    <span className={cn('grid gap-0.5', className)}>
      <span className="font-medium">{name}</span>
      <span className="text-xs text-muted-foreground">
        {dateOfBirth ? `Born ${formatCalendarDate(dateOfBirth)}` : 'Date of birth not given'}
      </span>
    </span>
  );
}
