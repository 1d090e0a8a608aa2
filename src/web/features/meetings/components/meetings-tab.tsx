import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { useMeetings } from '../api/meetings';
import { MeetingCard } from './meeting-card';

/** The My Meetings tab (staff-and-video.md §2; ruling 16: a meeting per doctor on duty). */
export function MeetingsTab({ onOpenAnalytics }: { onOpenAnalytics?: () => void }) {
  const meetings = useMeetings();
  return (
    <section aria-labelledby="meetings-heading" className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-1">
        <h2 id="meetings-heading" className="text-lg font-semibold">
          My Meetings
        </h2>
        <p className="text-sm text-muted-foreground">
          Each doctor on duty has a consultation room for the day. Updated every 30 seconds.
        </p>
      </div>
      {meetings.isPending ? (
        <LoadingState label="Loading meetings" />
      ) : meetings.isError ? (
        <ErrorState
          error={meetings.error}
          fallback="Could not load the meetings."
          onRetry={() => meetings.refetch()}
        />
      ) : meetings.data.length === 0 ? (
        <EmptyState title="No active meetings">
          A meeting opens for each doctor on duty: signed in with the doctor dashboard open, or with
          a consultation today.
        </EmptyState>
      ) : (
        meetings.data.map((meeting) => (
          <MeetingCard
            key={meeting.meetingId}
            meeting={meeting}
            onOpenAnalytics={onOpenAnalytics}
          />
        ))
      )}
    </section>
  );
}
