import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { useFormFeedback } from '@/components/form/use-form-feedback';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import {
  KEYWORD_CATEGORY_MAX,
  KEYWORD_MAX,
  type Keyword,
  type KeywordInput,
  KeywordInputSchema,
} from '../../../../shared/schemas/transcription';
import { useDeleteKeyword, useUpdateKeyword } from '../api/keywords';
import { keywordFieldSpecs } from './keyword-form-errors';

export function KeywordRow({ keyword }: { keyword: Keyword }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EditKeywordRow keyword={keyword} onDone={() => setEditing(false)} />;
  return (
    <TableRow>
      <TableCell label="Keyword" className="font-medium break-words">
        {keyword.term}
      </TableCell>
      <TableCell label="Category">
        {keyword.category ? (
          <Badge variant="outline" className="whitespace-normal break-words">
            {keyword.category}
          </Badge>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </TableCell>
      <TableCell label="Added" className="hidden whitespace-nowrap sm:table-cell">
        {formatDate(keyword.createdAt)}
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${keyword.term}`}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <RemoveKeywordButton keyword={keyword} />
        </div>
      </TableCell>
    </TableRow>
  );
}

type Output = z.output<typeof KeywordInputSchema>;

/** Inline edit: the row becomes a small form; Escape or Cancel leaves it unchanged. */
function EditKeywordRow({ keyword, onDone }: { keyword: Keyword; onDone: () => void }) {
  const updateKeyword = useUpdateKeyword();
  const form = useForm<KeywordInput, unknown, Output>({
    resolver: zodResolver(KeywordInputSchema),
    defaultValues: { term: keyword.term, category: keyword.category ?? '' },
  });
  const { register } = form;
  const feedback = useFormFeedback(form, keywordFieldSpecs(`keyword-edit-${keyword.id}`));
  const { field } = feedback;

  const onSubmit = feedback.handleSubmit((values) =>
    updateKeyword.mutate(
      { id: keyword.id, ...values },
      {
        onSuccess: (updated) => {
          toast({ title: 'Keyword Updated', description: `Saved as "${updated.term}".` });
          onDone();
        },
        onError: (error) => feedback.showServerError(error, 'Could not update the keyword'),
      },
    ),
  );

  return (
    <TableRow className="bg-muted/40 hover:bg-muted/40">
      <TableCell colSpan={4}>
        <form
          noValidate
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
            }
          }}
          aria-label={`Edit keyword ${keyword.term}`}
          className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
        >
          <FormErrorSummary feedback={feedback} className="sm:col-span-3" />
          <TextField
            maxLength={KEYWORD_MAX}
            autoComplete="off"
            autoFocus
            {...field('term')}
            {...register('term')}
          />
          <TextField
            maxLength={KEYWORD_CATEGORY_MAX}
            autoComplete="off"
            {...field('category')}
            {...register('category')}
          />
          <div className="flex gap-2 sm:mt-5">
            <Button type="submit" disabled={updateKeyword.isPending}>
              {updateKeyword.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
          <FormServerError message={feedback.formError} className="sm:col-span-3" />
        </form>
      </TableCell>
    </TableRow>
  );
}

function RemoveKeywordButton({ keyword }: { keyword: Keyword }) {
  const deleteKeyword = useDeleteKeyword();
  const confirm = () =>
    deleteKeyword.mutate(keyword.id, {
      onSuccess: () =>
        toast({ title: 'Keyword Removed', description: `"${keyword.term}" is off the list.` }),
      onError: (error) =>
        toast({
          title: 'Could not remove the keyword',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-red-50"
          aria-label={`Remove ${keyword.term}`}
          disabled={deleteKeyword.isPending}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove "{keyword.term}"?</AlertDialogTitle>
          <AlertDialogDescription>
            Transcriptions stored from now on will not list it as a key finding. Findings already
            stored do not change.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Remove</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
