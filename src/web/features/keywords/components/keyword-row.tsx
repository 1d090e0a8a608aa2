import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { showKeywordError } from './keyword-form-errors';

export function KeywordRow({ keyword }: { keyword: Keyword }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EditKeywordRow keyword={keyword} onDone={() => setEditing(false)} />;
  return (
    <TableRow>
      <TableCell className="font-medium break-words">{keyword.term}</TableCell>
      <TableCell>
        {keyword.category ? (
          <Badge variant="outline" className="whitespace-normal break-words">
            {keyword.category}
          </Badge>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap sm:table-cell">
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<KeywordInput, unknown, Output>({
    resolver: zodResolver(KeywordInputSchema),
    defaultValues: { term: keyword.term, category: keyword.category ?? '' },
  });
  const idPrefix = `keyword-edit-${keyword.id}`;

  const onSubmit = handleSubmit((values) =>
    updateKeyword.mutate(
      { id: keyword.id, ...values },
      {
        onSuccess: (updated) => {
          toast({ title: 'Keyword Updated', description: `Saved as "${updated.term}".` });
          onDone();
        },
        onError: (error) => showKeywordError(error, setError, 'Could not update the keyword'),
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
          <TextField
            id={`${idPrefix}-term`}
            label="Keyword"
            maxLength={KEYWORD_MAX}
            autoComplete="off"
            autoFocus
            error={errors.term?.message}
            {...register('term')}
          />
          <TextField
            id={`${idPrefix}-category`}
            label="Category (optional)"
            maxLength={KEYWORD_CATEGORY_MAX}
            autoComplete="off"
            error={errors.category?.message}
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
