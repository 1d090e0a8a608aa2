import { Link2, Video } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { BRAND_NAME } from '@/lib/brand';
import {
  CreateVideoSessionSchema,
  MAX_SESSION_TITLE_LENGTH,
  videoSessionPath,
} from '../../../../shared/schemas/video';
import { createSessionError, useCreateVideoSession } from '../sessions/sessions-api';

const TITLE = 'Video Call';

/** /video-call without a session, for staff: name a session and start it (§2 Quick Start). */
export function QuickStartCall() {
  const navigate = useNavigate();
  const create = useCreateVideoSession();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateVideoSessionSchema.safeParse({ title });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (answer) => navigate(videoSessionPath(answer.session.id)),
      onError: (failure) =>
        toast({ title: 'Error', description: createSessionError(failure), variant: 'destructive' }),
    });
  };

  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 px-4 py-10">
      <title>{`${TITLE} | ${BRAND_NAME}`}</title>
      <h1 className="text-2xl font-bold text-primary sm:text-3xl">{TITLE}</h1>
      <Card>
        <CardHeader>
          <CardTitle>Start a call now</CardTitle>
          <CardDescription>
            Name the call and start it. You can share its link from the Video Sessions page.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <TextField
              name="quick-call-title"
              label="Session Title"
              value={title}
              maxLength={MAX_SESSION_TITLE_LENGTH}
              onChange={(event) => setTitle(event.target.value)}
              error={error}
              autoComplete="off"
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={create.isPending}>
                <Video aria-hidden="true" />
                {create.isPending ? 'Starting...' : 'Start'}
              </Button>
              <Button asChild variant="outline">
                <Link to="/video-sessions">Video Sessions</Link>
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

/** /video-call without a session, for patients: calls are joined by link. */
export function NeedLinkNotice() {
  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 px-4 py-10">
      <title>{`${TITLE} | ${BRAND_NAME}`}</title>
      <h1 className="text-2xl font-bold text-primary sm:text-3xl">{TITLE}</h1>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Link2 aria-hidden="true" className="size-5 text-primary" />
            You need a link to join a call
          </CardTitle>
          <CardDescription>
            Open the link the clinic sent you, or join your consultation from your dashboard when
            your physician starts the call.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/patient/dashboard">Go to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
