import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** Show the server's field `issues` next to the matching inputs (DESIGN.md error shape). */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const issue of error.body?.issues ?? []) {
    // Tolerate "email", "body.email" and ["email"] alike.
    const raw: unknown = issue.path;
    const path = Array.isArray(raw) ? raw.join('.') : String(raw);
    const field = fields.find((f) => path === f || path.endsWith(`.${f}`));
    if (field) setError(field, { type: 'server', message: issue.message });
  }
}
