import type { ComponentProps, ReactNode } from 'react';
import { Field, fieldDescribedBy } from './field';
import { Input } from './input';

type TextFieldProps = ComponentProps<'input'> & {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

/** Input + label + hint + error, wired for react-hook-form's `register()`. */
export function TextField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  name,
  ...props
}: TextFieldProps) {
  const inputId = id ?? name;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} className={fieldClassName}>
      <Input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(inputId, error, hint)}
        {...props}
      />
    </Field>
  );
}
