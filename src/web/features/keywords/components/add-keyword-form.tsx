import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { showKeywordError } from './keyword-form-errors';

type Output = z.output<typeof KeywordInputSchema>;
const EMPTY: KeywordInput = { term: '', category: '' };

export function AddKeywordForm() {
  const createKeyword = useCreateKeyword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<KeywordInput, unknown, Output>({
    resolver: zodResolver(KeywordInputSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    createKeyword.mutate(values, {
      onSuccess: (keyword) => {
        toast({
          title: 'Keyword Added',
          description: `"${keyword.term}" will be looked for in transcriptions stored from now on.`,
        });
        reset(EMPTY);
        setFocus('term');
      },
      onError: (error) => showKeywordError(error, setError, 'Could not add the keyword'),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a keyword"
      className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <TextField
        id="keyword-term"
        label="Keyword"
        maxLength={KEYWORD_MAX}
        autoComplete="off"
        error={errors.term?.message}
        {...register('term')}
      />
      <TextField
        id="keyword-category"
        label="Category (optional)"
        maxLength={KEYWORD_CATEGORY_MAX}
        autoComplete="off"
        error={errors.category?.message}
        {...register('category')}
      />
      <Button type="submit" className="sm:mt-5" disabled={createKeyword.isPending}>
        <Plus aria-hidden="true" />
        {createKeyword.isPending ? 'Adding...' : 'Add Keyword'}
      </Button>
    </form>
  );
}
