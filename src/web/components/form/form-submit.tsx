import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The server's message that names no field, where the patient's eyes are: right by the
 * button they just pressed. Announced as it appears.
 */
export function FormServerError({
  message,
  id,
  className,
}: {
  message: string | null;
  id?: string;
  className?: string;
}) {
  return (
    <div role="alert" id={id} className={cn(!message && 'hidden', className)}>
      {message && (
        <p className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm font-medium break-words text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}

type FormSubmitProps = Omit<ButtonProps, 'type' | 'children'> & {
  pending: boolean;
  /** The button's words, and what it says while the request runs. */
  label: ReactNode;
  pendingLabel: ReactNode;
  /** The form-level server message (useFormFeedback's `formError`). */
  error: string | null;
  wrapperClassName?: string;
};

/** A full-width submit button with the form's server message just above it. */
export function FormSubmit({
  pending,
  label,
  pendingLabel,
  error,
  disabled,
  className,
  wrapperClassName,
  ...props
}: FormSubmitProps) {
  return (
    <div className={cn('grid gap-3', wrapperClassName)}>
      <FormServerError message={error} />
      <Button
        type="submit"
        className={cn('w-full', className)}
        disabled={pending || disabled}
        {...props}
      >
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
