import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '@/lib/utils';
import { FormErrorSummary } from './form-error-summary';
import { FormSubmit } from './form-submit';
import { type FieldSpecs, type FormFeedback, useFormFeedback } from './use-form-feedback';

// The scaffolding every account form repeated (sign-in, sign-up, recovery, change): a
// react-hook-form form validated by a shared zod schema, its feedback (use-form-feedback.ts),
// and the <form> with the error summary on top and the submit row at the bottom.
//
//   const { form, feedback, field } = useSchemaForm(Schema, { email: '' }, FIELDS);
//   <SchemaForm feedback={feedback} onSubmit={feedback.handleSubmit(send)}
//     submit={{ pending, label: 'Send', pendingLabel: 'Sending...' }}>
//     <TextField {...field('email')} {...form.register('email')} />
//   </SchemaForm>

export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  fields: FieldSpecs<z.input<S>>,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never),
    defaultValues,
  });
  const feedback: FormFeedback<z.input<S>, z.output<S>> = useFormFeedback(form, fields);
  return { form, feedback, field: feedback.field };
}

interface SchemaFormProps {
  feedback: Pick<FormFeedback<FieldValues>, 'items' | 'formError' | 'attempt'>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submit: { pending: boolean; label: ReactNode; pendingLabel: ReactNode; size?: 'lg' };
  className?: string;
  children: ReactNode;
}

/** The form element: error summary, the fields, then the submit button with the server's message. */
export function SchemaForm({ feedback, onSubmit, submit, className, children }: SchemaFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className={cn('grid gap-4', className)}>
      <FormErrorSummary feedback={feedback} />
      {children}
      <FormSubmit
        size={submit.size}
        pending={submit.pending}
        label={submit.label}
        pendingLabel={submit.pendingLabel}
        error={feedback.formError}
      />
    </form>
  );
}
