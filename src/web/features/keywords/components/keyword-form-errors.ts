import type { UseFormSetError } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/form-errors';
import type { KeywordInput } from '../../../../shared/schemas/transcription';

/** A duplicate (409) or an invalid field shows on the field; anything else in a toast. */
export function showKeywordError(
  error: unknown,
  setError: UseFormSetError<KeywordInput>,
  title: string,
): void {
  if (isApiError(error, 409)) {
    setError('term', { type: 'server', message: errorMessage(error, title) });
    return;
  }
  applyServerIssues(error, setError, ['term', 'category']);
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
}
