import { Copy, LogIn, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import { type VideoSessionView, videoSessionPath } from '../../../../shared/schemas/video';
import { copyText, type useVideoSessions } from './sessions-api';

const STATUS: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  created: { label: 'Created', variant: 'secondary' },
  active: { label: 'Active', variant: 'success' },
  ended: { label: 'Ended', variant: 'outline' },
};

function StatusBadge({ status }: { status: string }) {
  const known = STATUS[status] ?? {
    label: status.charAt(0).toUpperCase() + status.slice(1),
    variant: 'outline' as const,
  };
  return <Badge variant={known.variant}>{known.label}</Badge>;
}

async function copyLink(session: VideoSessionView) {
  if (await copyText(session.joinUrl)) {
    toast({ title: 'Copied', description: 'The join link is on your clipboard.' });
  } else {
    toast({
      title: 'Copy failed',
      description: `Your browser did not allow copying. The link is ${session.joinUrl}`,
      variant: 'destructive',
    });
  }
}

/** Recent Sessions (§2): each with its status, participants, Copy URL and Join. */
export function RecentSessions({ query }: { query: ReturnType<typeof useVideoSessions> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Sessions</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState label="Loading sessions" />
        ) : query.isError ? (
          <ErrorState
            error={query.error}
            fallback="The sessions could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : query.data.sessions.length === 0 ? (
          <EmptyState title="No sessions yet. Create your first video session above." />
        ) : (
          <ul aria-label="Recent sessions" className="grid grid-cols-1 gap-3">
            {query.data.sessions.map((session) => (
              <li
                key={session.id}
                className="grid grid-cols-1 gap-3 rounded-md border border-border p-3 md:grid-cols-[1fr_auto] md:items-center"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words">{session.title}</span>
                    <StatusBadge status={session.status} />
                  </p>
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-1">
                      <Users aria-hidden="true" className="size-4" />
                      {session.participantCount}/{session.maxParticipants} participants
                    </span>
                    <span>Created {formatDateTime(session.createdAt)}</span>
                    {session.hostName && <span>Host {session.hostName}</span>}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 md:justify-end">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Copy URL for ${session.title}`}
                    onClick={() => void copyLink(session)}
                  >
                    <Copy aria-hidden="true" />
                    Copy URL
                  </Button>
                  <Button size="sm" asChild>
                    <Link to={videoSessionPath(session.id)} aria-label={`Join ${session.title}`}>
                      <LogIn aria-hidden="true" />
                      Join
                    </Link>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
