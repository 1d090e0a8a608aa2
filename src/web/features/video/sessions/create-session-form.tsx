import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorSummary } from '@/components/form/form-error-summary';
import { FormServerError } from '@/components/form/form-submit';
import { type FieldSpecs, useFormFeedback } from '@/components/form/use-form-feedback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import {
  CreateVideoSessionSchema,
  MAX_SESSION_TITLE_LENGTH,
  VIDEO_SESSION_PARTICIPANTS,
} from '../../../../shared/schemas/video';
import { copyText, createSessionError, useCreateVideoSession } from './sessions-api';

type FormInput = z.input<typeof CreateVideoSessionSchema>;
type FormOutput = z.output<typeof CreateVideoSessionSchema>;

const EMPTY: FormInput = { title: '', maxParticipants: VIDEO_SESSION_PARTICIPANTS.default };
const FIELDS: FieldSpecs<FormInput> = {
  title: { label: 'Session title' },
  maxParticipants: { label: 'Maximum participants' },
};

/** The server's words for a refusal whose body the client could not read as its error shape. */
const readable = (error: unknown) =>
  error instanceof ApiError && !error.body
    ? new ApiError(error.status, '', JSON.stringify({ message: createSessionError(error) }))
    : error;

/** Create New Session (§2 Video Sessions, §5): a title and the maximum participants. */
export function CreateSessionForm() {
  const create = useCreateVideoSession();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateVideoSessionSchema),
    defaultValues: EMPTY,
  });
  const { register, reset } = form;
  // Errors beside their fields and a summary, not a toast (issue 11); a toast says it is made.
  const feedback = useFormFeedback(form, FIELDS);
  const { field } = feedback;

  const onSubmit = feedback.handleSubmit(({ title, maxParticipants }) =>
    create.mutate(
      { title, maxParticipants },
      {
        onSuccess: async ({ joinUrl }) => {
          reset(EMPTY);
          const copied = await copyText(joinUrl);
          toast({
            title: 'Session Created',
            description: copied
              ? 'Its join link is on your clipboard.'
              : `Share this link: ${joinUrl}`,
          });
        },
        onError: (error) => feedback.showServerError(readable(error), createSessionError(error)),
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create New Session</CardTitle>
        <CardDescription>
          Anyone with the link and an account can join, up to the maximum you set.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        >
          <FormErrorSummary feedback={feedback} className="sm:col-span-3" />
          <TextField
            maxLength={MAX_SESSION_TITLE_LENGTH}
            autoComplete="off"
            {...field('title')}
            {...register('title')}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={VIDEO_SESSION_PARTICIPANTS.min}
            max={VIDEO_SESSION_PARTICIPANTS.max}
            step={1}
            {...field('maxParticipants')}
            hint={`${VIDEO_SESSION_PARTICIPANTS.min} to ${VIDEO_SESSION_PARTICIPANTS.max}`}
            {...register('maxParticipants')}
          />
          <Button type="submit" disabled={create.isPending} className="sm:mt-6">
            <Plus aria-hidden="true" />
            {create.isPending ? 'Creating…' : 'Create Session'}
          </Button>
          <FormServerError message={feedback.formError} className="sm:col-span-3" />
        </form>
      </CardContent>
    </Card>
  );
}
