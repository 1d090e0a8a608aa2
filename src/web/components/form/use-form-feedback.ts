import { useCallback, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { isNetworkFailure, serverFieldErrors } from '@/lib/form-errors';

// One way every form reports its problems (issue 11, "Forms that speak where the problem is"):
// all errors at once beside their fields, a summary at the top that lists them, focus on the
// first, and a server message that names no field shown by the submit button. Toasts are for
// outcomes only (success, no connection).
//
//   const form = useForm<Values>({ resolver: zodResolver(Schema), defaultValues });
//   const feedback = useFormFeedback(form, { email: { label: 'Email' }, ... }); // screen order
//   const onSubmit = feedback.handleSubmit((values) =>
//     mutation.mutate(values, { onError: (e) => feedback.showServerError(e, 'Could not save') }));
//   <form noValidate onSubmit={onSubmit}>
//     <FormErrorSummary feedback={feedback} />
//     <TextField {...feedback.field('email')} {...register('email')} />
//     <FormSubmit pending={...} label="Save" pendingLabel="Saving..." error={feedback.formError} />
//   </form>
//
// A form without react-hook-form (payment-form, upload-document-dialog) builds the
// `FormFeedbackState` itself ({ items, formError, attempt }) and renders the same pieces.

/** A problem the summary lists: the field's element id, its label and the message. */
export interface FormErrorItem {
  id: string;
  label: string;
  message: string;
}

/** What the summary and the submit row read (payment-form builds one by hand). */
export interface FormFeedbackState {
  items: FormErrorItem[];
  /** The server's message when it names no field; shown beside the submit button. */
  formError: string | null;
  /** Grows on every failed submit or failed request: the summary moves focus then. */
  attempt: number;
}

/** The form's fields in screen order, with their labels; `id` when it is not the name. */
export type FieldSpecs<T extends FieldValues> = { [K in Path<T>]?: { label: string; id?: string } };

export interface FormFeedback<T extends FieldValues, O = T> extends FormFeedbackState {
  /** `id`, `label` and `error` for a field component: `<TextField {...field('email')} {...register('email')} />`. */
  field: (name: Path<T>) => { id: string; label: string; error?: string };
  /** handleSubmit that clears the last server message first; `onInvalid` as react-hook-form's. */
  handleSubmit: (
    onValid: (values: O) => unknown,
    onInvalid?: (errors: FieldErrors<T>) => unknown,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Puts a failed request's answer beside its fields, or by the submit button. */
  showServerError: (error: unknown, fallback: string) => void;
  /** Takes back the server's refusal once what it was about has changed (a stable function). */
  clearFormError: () => void;
}

/** The message of the error at a (possibly nested) path, if there is one. */
function messageAt(errors: FieldErrors, name: string): string | undefined {
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

export function errorItems<T extends FieldValues>(
  errors: FieldErrors<T>,
  fields: FieldSpecs<T>,
): FormErrorItem[] {
  const items: FormErrorItem[] = [];
  for (const [name, spec] of Object.entries(fields) as [string, { label: string; id?: string }][]) {
    const message = messageAt(errors, name);
    if (message) items.push({ id: spec.id ?? name, label: spec.label, message });
  }
  return items;
}

/** `O` is what the resolver hands the submit handler (a schema may transform the input). */
export function useFormFeedback<T extends FieldValues, O extends FieldValues = T>(
  form: UseFormReturn<T, unknown, O>,
  fields: FieldSpecs<T>,
): FormFeedback<T, O> {
  const [formError, setFormError] = useState<string | null>(null);
  const clearFormError = useCallback(() => setFormError(null), []);
  const [serverFailures, setServerFailures] = useState(0);
  const { errors, submitCount } = form.formState;
  const specOf = (name: Path<T>) => fields[name] ?? { label: name };

  const labels = Object.fromEntries(
    (Object.entries(fields) as [string, { label: string }][]).map(([k, v]) => [k, v.label]),
  );

  return {
    items: errorItems(errors, fields),
    formError,
    clearFormError,
    attempt: submitCount + serverFailures,
    field: (name) => ({
      id: specOf(name).id ?? name,
      label: specOf(name).label,
      error: messageAt(errors, name),
    }),
    handleSubmit: (onValid, onInvalid) =>
      form.handleSubmit(
        async (values) => {
          setFormError(null);
          await onValid(values);
        },
        async (invalid) => {
          setFormError(null);
          await onInvalid?.(invalid);
        },
      ),
    showServerError: (error, fallback) => {
      if (isNetworkFailure(error)) {
        toast({
          title: 'No connection',
          description: 'Could not reach the server. Please check your connection and try again.',
          variant: 'destructive',
        });
        return;
      }
      const sorted = serverFieldErrors(error, labels, fallback);
      for (const { field, message } of sorted.fieldErrors)
        form.setError(field as Path<T>, { type: 'server', message });
      setFormError(sorted.formMessage);
      setServerFailures((n) => n + 1);
    },
  };
}
