import { formatCalendarDate } from '@/lib/format';
import { cn } from '@/lib/utils';

/** "Born March 4, 1985", for a line beside the patient's name. */
export const bornOn = (dateOfBirth: string | null | undefined) =>
  dateOfBirth ? `Born ${formatCalendarDate(dateOfBirth)}` : 'Date of birth not given';

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
      <span className="text-xs text-muted-foreground">{bornOn(dateOfBirth)}</span>
    </span>
  );
}
