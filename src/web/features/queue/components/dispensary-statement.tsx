import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';

interface DispensaryStatementProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * The patient's statement that they will not be at a dispensary during the visit (issue 11:
 * Oklahoma forbids a recommendation from a virtual visit with the patient at one). Required to
 * join the queue; the server keeps its text and time with the queue entry.
 */
export function DispensaryStatement({
  id,
  checked,
  onCheckedChange,
  disabled,
  error,
}: DispensaryStatementProps) {
  const t = useT();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <div
        className={cn(
          'flex items-start gap-3 rounded-md border p-3',
          error ? 'border-destructive' : 'border-border',
        )}
      >
        <Checkbox
          id={id}
          checked={checked}
          disabled={disabled}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onCheckedChange={(v) => onCheckedChange(v === true)}
        />
        <Label htmlFor={id} className="text-sm leading-5 font-normal">
          {t('queue.dispensary.statement')}
        </Label>
      </div>
      {error && (
        // Not a live region: the form's summary announces it; the checkbox reads it on focus.
        <p id={errorId} className="text-sm font-medium break-words text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
