import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';

/** Show the server's field `issues` next to the matching inputs (DESIGN.md error shape). */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const labels = Object.fromEntries(fields.map((f) => [f, ''])) as Record<string, string>;
  for (const { field, message } of serverFieldErrors(error, labels, '').fieldErrors)
    setError(field as Path<T>, { type: 'server', message });
}

export interface ServerFormErrors {
  /** Messages that belong beside a field, keyed by the field's name. */
  fieldErrors: { field: string; message: string }[];
  /** What is left for the form as a whole (shown by the submit button), or null. */
  formMessage: string | null;
}

/** A field's label without its "(optional)" note, lower-cased, for matching server wording. */
const labelWords = (label: string) =>
  label
    .replace(/\(.*?\)/g, '')
    .trim()
    .toLowerCase();

/** Where an issue's path points: "email", "body.email" and ["email"] alike. */
function fieldForPath(raw: unknown, fields: readonly string[]): string | undefined {
  const path = Array.isArray(raw) ? raw.join('.') : String(raw);
  return fields.find((f) => path === f || path.endsWith(`.${f}`));
}

/** The field whose label a message names ("An account with this email already exists"). */
export function fieldNamedBy(message: string, labels: Record<string, string>): string | undefined {
  const text = message.toLowerCase();
  let best: { field: string; length: number } | undefined;
  for (const [field, label] of Object.entries(labels)) {
    const words = labelWords(label);
    if (!words || !new RegExp(`\\b${escapeRegExp(words)}\\b`).test(text)) continue;
    // "Confirm password" beats "Password" when both fit.
    if (!best || words.length > best.length) best = { field, length: words.length };
  }
  return best?.field;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Sorts a failed request's answer into field errors and a form-level message. The server's
 * `issues` go to their fields; a 400/409/422 without issues goes to the field its message
 * names (by label), when exactly that can be told; anything else is the form's message.
 */
export function serverFieldErrors(
  error: unknown,
  labels: Record<string, string>,
  fallback: string,
): ServerFormErrors {
  const fields = Object.keys(labels);
  const fieldErrors: ServerFormErrors['fieldErrors'] = [];
  const leftOver: string[] = [];
  if (error instanceof ApiError && error.body?.issues?.length) {
    for (const issue of error.body.issues) {
      const field = fieldForPath(issue.path, fields);
      if (field && !fieldErrors.some((e) => e.field === field))
        fieldErrors.push({ field, message: issue.message });
      else if (!field) leftOver.push(issue.message);
    }
    return { fieldErrors, formMessage: leftOver.length ? [...new Set(leftOver)].join(' ') : null };
  }
  const message = errorMessage(error, fallback);
  if (error instanceof ApiError && [400, 409, 422].includes(error.status)) {
    const field = fieldNamedBy(message, labels);
    if (field) return { fieldErrors: [{ field, message }], formMessage: null };
  }
  return { fieldErrors, formMessage: message };
}

/** No answer at all (offline, DNS, CORS): an outcome for a toast, not a field's problem. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;
