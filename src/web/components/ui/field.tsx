import type { ReactNode } from 'react';
import { useTr } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { Label } from './label';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A labelled form control with its hint and error. The control must carry `id`,
 * `aria-invalid` and `aria-describedby={fieldDescribedBy(id, error, hint)}`.
 */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  // A schema's message by key (msg()) in the reader's language; any other text as it is.
  const tr = useTr();
  return (
    // content-start: in a row of fields, a neighbour's hint or error makes this cell taller;
    // the extra height stays below the control instead of pushing it down (issue 12).
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        // Not a live region itself: the form's summary announces every error at once, and the
        // control's aria-describedby reads this one when it gets focus.
        <p id={`${id}-error`} className="text-sm font-medium break-words text-destructive">
          {tr(error)}
        </p>
      )}
    </div>
  );
}

export function fieldDescribedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
