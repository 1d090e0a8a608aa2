import { BarChart3, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useMay } from '@/features/admin-dashboard/staff-access';
import { consultationPath } from '../../consultation/consultation-path';
import type { Meeting } from '../api/meetings';
import { PatientQueue } from './patient-queue';

interface MeetingCardProps {
  meeting: Meeting;
  /** Switches the dashboard to its Analytics tab; absent when the user has no such tab. */
  onOpenAnalytics?: () => void;
}

/**
 * One doctor's meeting (staff-and-video.md §2 Meetings tab): topic, meeting ID, status badge,
 * waiting count and the patient queue. Of the spec's placeholder buttons, Patient Records
 * opens the record of the patient this meeting is seeing and Analytics opens the Analytics
 * tab; Prescription Pad is left out, the product has no prescription feature.
 */
export function MeetingCard({ meeting, onOpenAnalytics }: MeetingCardProps) {
  const may = useMay();
  const waiting = meeting.waitingPatients.filter((p) => p.status === 'waiting').length;
  const seeing =
    meeting.waitingPatients.find((p) => p.status === 'in_consultation') ??
    meeting.waitingPatients.find((p) => p.status === 'admitted');
  const active = meeting.status === 'active';
  const titleId = `meeting-${meeting.meetingId}`;

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-semibold">
            {meeting.topic}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant={active ? 'success' : 'outline'}>
              {active ? 'Active' : meeting.status}
            </Badge>
            <Badge variant={waiting ? 'warning' : 'outline'}>{waiting} waiting</Badge>
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          Meeting ID: <span className="font-mono break-all">{meeting.meetingId}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {may('documents') && (
            <PatientRecordsButton
              to={
                seeing
                  ? consultationPath({ queueId: seeing.id, applicationId: seeing.applicationId })
                  : null
              }
              patientName={seeing?.patientName}
            />
          )}
          {onOpenAnalytics && (
            <Button size="sm" variant="outline" onClick={onOpenAnalytics}>
              <BarChart3 aria-hidden="true" />
              Analytics
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <h4 className="mb-2 text-sm font-semibold">Patient queue</h4>
        <PatientQueue
          patients={meeting.waitingPatients}
          meetings={[meeting]}
          label={`Patient queue for ${meeting.topic}`}
        />
      </CardContent>
    </Card>
  );
}

function PatientRecordsButton({ to, patientName }: { to: string | null; patientName?: string }) {
  if (!to)
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" disabled>
          <FileText aria-hidden="true" />
          Patient Records
        </Button>
        <span className="text-xs text-muted-foreground">Available once a patient is admitted</span>
      </span>
    );
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={to} aria-label={`Patient Records: ${patientName}`}>
        <FileText aria-hidden="true" />
        Patient Records
      </Link>
    </Button>
  );
}
