import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { applyServerIssues } from '@/lib/form-errors';
import {
  CreateVideoSessionSchema,
  MAX_SESSION_TITLE_LENGTH,
  VIDEO_SESSION_PARTICIPANTS,
} from '../../../../shared/schemas/video';
import { copyText, createSessionError, useCreateVideoSession } from './sessions-api';

type FormInput = z.input<typeof CreateVideoSessionSchema>;
type FormOutput = z.output<typeof CreateVideoSessionSchema>;

const EMPTY: FormInput = { title: '', maxParticipants: VIDEO_SESSION_PARTICIPANTS.default };

/** Create New Session (§2 Video Sessions, §5): a title and the maximum participants. */
export function CreateSessionForm() {
  const create = useCreateVideoSession();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateVideoSessionSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(({ title, maxParticipants }) =>
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
        onError: (error) => {
          applyServerIssues(error, setError, ['title', 'maxParticipants']);
          toast({
            title: 'Session not created',
            description: createSessionError(error),
            variant: 'destructive',
          });
        },
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
          <TextField
            label="Session title"
            maxLength={MAX_SESSION_TITLE_LENGTH}
            autoComplete="off"
            error={errors.title?.message}
            {...register('title')}
          />
          <TextField
            label="Maximum participants"
            type="number"
            inputMode="numeric"
            min={VIDEO_SESSION_PARTICIPANTS.min}
            max={VIDEO_SESSION_PARTICIPANTS.max}
            step={1}
            error={errors.maxParticipants?.message}
            hint={`${VIDEO_SESSION_PARTICIPANTS.min} to ${VIDEO_SESSION_PARTICIPANTS.max}`}
            {...register('maxParticipants')}
          />
          <Button type="submit" disabled={create.isPending} className="sm:mt-6">
            <Plus aria-hidden="true" />
            {create.isPending ? 'Creating…' : 'Create Session'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
