import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { useMeetings } from '../api/meetings';
import { MeetingCard } from './meeting-card';

/** The My Meetings page's body (staff-and-video.md §2; ruling 16: a meeting per doctor on duty). */
export function MeetingsTab({ onOpenAnalytics }: { onOpenAnalytics?: () => void }) {
  const meetings = useMeetings();
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">
        Each doctor on duty has a consultation room for the day. Updated every 30 seconds.
      </p>
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
    </div>
  );
}
