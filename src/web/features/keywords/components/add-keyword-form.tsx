import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { useFormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import {
  KEYWORD_CATEGORY_MAX,
  KEYWORD_MAX,
  type KeywordInput,
  KeywordInputSchema,
} from '../../../../shared/schemas/transcription';
import { useCreateKeyword } from '../api/keywords';
import { keywordFieldSpecs } from './keyword-form-errors';

type Output = z.output<typeof KeywordInputSchema>;
const EMPTY: KeywordInput = { term: '', category: '' };

export function AddKeywordForm() {
  const createKeyword = useCreateKeyword();
  const form = useForm<KeywordInput, unknown, Output>({
    resolver: zodResolver(KeywordInputSchema),
    defaultValues: EMPTY,
  });
  const { register, reset, setFocus } = form;
  const feedback = useFormFeedback(form, keywordFieldSpecs('keyword'));
  const { field } = feedback;

  const onSubmit = feedback.handleSubmit((values) =>
    createKeyword.mutate(values, {
      onSuccess: (keyword) => {
        toast({
          title: 'Keyword Added',
          description: `"${keyword.term}" will be looked for in transcriptions stored from now on.`,
        });
        reset(EMPTY);
        setFocus('term');
      },
      onError: (error) => feedback.showServerError(error, 'Could not add the keyword'),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a keyword"
      className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <FormErrorSummary feedback={feedback} className="sm:col-span-3" />
      <TextField
        maxLength={KEYWORD_MAX}
        autoComplete="off"
        {...field('term')}
        {...register('term')}
      />
      <TextField
        maxLength={KEYWORD_CATEGORY_MAX}
        autoComplete="off"
        {...field('category')}
        {...register('category')}
      />
      <Button type="submit" className="sm:mt-5" disabled={createKeyword.isPending}>
        <Plus aria-hidden="true" />
        {createKeyword.isPending ? 'Adding...' : 'Add Keyword'}
      </Button>
      <FormServerError message={feedback.formError} className="sm:col-span-3" />
    </form>
  );
}
