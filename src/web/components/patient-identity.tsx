import { formatCalendarDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { Language } from '../../shared/i18n/languages';
import { PatientLanguageBadge } from './patient-language';

/** "Born March 4, 1985", for a line beside the patient's name. */
export const bornOn = (dateOfBirth: string | null | undefined) =>
  dateOfBirth ? `Born ${formatCalendarDate(dateOfBirth)}` : 'Date of birth not given';

/**
 * How staff screens name a patient (issue 12): the name, with the date of birth beneath it
 * to tell namesakes apart — never a bare id; a Spanish speaker flagged beside the name (issue 24).
 */
export function PatientIdentity({
  name,
  dateOfBirth,
  language,
  className,
}: {
  name: string;
  dateOfBirth: string | null | undefined;
  language?: Language | null;
  className?: string;
}) {
  return (
    <span className={cn('grid gap-0.5', className)}>
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <span className="font-medium">{name}</span>
        <PatientLanguageBadge language={language} />
      </span>
      <span className="text-xs text-muted-foreground">{bornOn(dateOfBirth)}</span>
    </span>
  );
}
