import { Activity, Layers, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StatCard } from '@/components/ui/stat-card';
import { AreaTitle } from '@/features/staff-console/area-title';
import { CreateSessionForm } from './create-session-form';
import { RecentSessions } from './recent-sessions';
import { useVideoSessions } from './sessions-api';

/** /video-sessions, any signed-in user (staff-and-video.md §2 Video Sessions screen). */
export function VideoSessionsPage() {
  const sessions = useVideoSessions();
  const data = sessions.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <AreaTitle area="videoSessions" />
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">Video Sessions</h1>
        <p className="text-muted-foreground">
          Create a video session, share its link and join it from here.
        </p>
      </div>
      <section aria-label="Overview" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Card className="grid h-full content-between gap-3 p-4">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Video aria-hidden="true" className="size-4 shrink-0" />
            Quick Start
          </p>
          <Button asChild className="justify-self-start">
            <Link to="/video-call">Start a video call</Link>
          </Button>
        </Card>
        <StatCard
          label="Active Sessions"
          icon={Activity}
          value={data ? data.activeSessions : null}
          hint="With someone in the room now"
        />
        <StatCard label="Total Sessions" icon={Layers} value={data ? data.totalSessions : null} />
      </section>
      <CreateSessionForm />
      <RecentSessions query={sessions} />
    </div>
  );
}
