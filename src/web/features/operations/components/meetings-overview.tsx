import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { useMay } from '@/features/admin-dashboard/staff-access';
import { useMeetings } from '../../meetings/api/meetings';

/** Active meetings at a glance; admitting and calls happen on the dashboard's meeting tabs. */
export function MeetingsOverview() {
  const may = useMay();
  const allowed = may('readMeetings');
  const meetings = useMeetings(allowed);
  if (!allowed)
    return (
      <EmptyState title="Meetings are not part of your role">
        The meetings list is for staff with the My Meetings or Waiting Room permission.
      </EmptyState>
    );
  if (meetings.isPending) return <LoadingState label="Loading meetings" />;
  if (meetings.isError)
    return (
      <ErrorState
        error={meetings.error}
        fallback="Could not load the meetings."
        onRetry={() => meetings.refetch()}
      />
    );
  if (meetings.data.length === 0)
    return (
      <EmptyState title="No active meetings">
        A meeting opens for each doctor on duty: signed in with the doctor dashboard open, or with a
        consultation today.
      </EmptyState>
    );
  return (
    <div className="grid grid-cols-1 gap-3">
      <ul aria-label="Active meetings" className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {meetings.data.map((m) => {
          const count = (status: string) =>
            m.waitingPatients.filter((p) => p.status === status).length;
          return (
            <li
              key={m.meetingId}
              className="grid grid-cols-1 gap-2 rounded-md border border-border p-4"
            >
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{m.topic}</span>
                <Badge variant={m.status === 'active' ? 'success' : 'outline'}>
                  {m.status === 'active' ? 'Active' : m.status}
                </Badge>
              </p>
              <p className="text-xs text-muted-foreground">
                Meeting ID: <span className="font-mono break-all">{m.meetingId}</span>
              </p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <span>{count('waiting')} waiting</span>
                <span>{count('admitted')} admitted</span>
                <span>{count('in_consultation')} in consultation</span>
              </p>
            </li>
          );
        })}
      </ul>
      <p className="text-sm">
        <Link to="/admin/meetings" className="text-primary underline">
          Admit patients and start calls in My Meetings
        </Link>
      </p>
    </div>
  );
}
