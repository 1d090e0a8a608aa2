import { ExternalLink, PhoneOff } from 'lucide-react';
import { Link } from 'react-router';
import { PatientIdentity } from '@/components/patient-identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatSeconds, formatTime } from '@/features/admin-dashboard/staff-format';
import { APPLICATION_TYPE_LABELS } from '../../../../shared/fees';
import type { DoctorConsultation } from '../../../../shared/schemas/operations';
import { consultationPath } from '../../consultation/consultation-path';
import { useEndConsultation } from '../../meetings/api/lifecycle';
import { useDoctorConsultations } from '../api/doctor';

const COPY = {
  active: {
    title: 'Active Consultations',
    description: 'Consultations you have started and not ended.',
    empty: 'No active consultations.',
  },
  today: {
    title: 'Completed Today',
    description: 'Consultations you ended today, with their outcome.',
    empty: 'No consultations completed today.',
  },
} as const;

const linkTo = (c: DoctorConsultation) =>
  consultationPath({
    patientId: c.patientId,
    queueId: c.queueId,
    roomId: c.endedAt ? null : c.roomId,
    consultationId: c.id,
  });

/** Active Consultations and Completed Today (ruling 9: real lists). */
export function ConsultationsTab({ scope }: { scope: 'active' | 'today' }) {
  const list = useDoctorConsultations(scope);
  const end = useEndConsultation();
  const copy = COPY[scope];
  const active = scope === 'active';

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{copy.title}</h2>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <LoadingState label={`Loading ${copy.title.toLowerCase()}`} />
        ) : list.isError ? (
          <ErrorState
            error={list.error}
            fallback="Could not load the consultations."
            onRetry={() => list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <EmptyState title={copy.empty} />
        ) : (
          <Table stacked className="min-w-[640px]" scrollLabel={copy.title}>
            <TableCaption className="sr-only">{copy.title}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Patient</TableHead>
                <TableHead>Application Type</TableHead>
                <TableHead>{active ? 'Started' : 'Ended'}</TableHead>
                {!active && <TableHead>Duration</TableHead>}
                {!active && <TableHead>Outcome</TableHead>}
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.map((c) => (
                <TableRow key={c.id}>
                  <TableCell label="Patient" className="whitespace-nowrap">
                    <PatientIdentity name={c.patientName} dateOfBirth={c.dateOfBirth} />
                  </TableCell>
                  <TableCell label="Application Type" className="whitespace-nowrap">
                    {APPLICATION_TYPE_LABELS[c.applicationType]}
                  </TableCell>
                  <TableCell label={active ? 'Started' : 'Ended'} className="whitespace-nowrap">
                    {formatTime(active ? c.startedAt : c.endedAt)}
                  </TableCell>
                  {!active && (
                    <TableCell label="Duration" className="whitespace-nowrap">
                      {formatSeconds(c.durationSeconds)}
                    </TableCell>
                  )}
                  {!active && (
                    <TableCell label="Outcome">
                      <OutcomeBadge outcome={c.outcome} />
                    </TableCell>
                  )}
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      {(active || c.outcome === null) && (
                        <Button asChild size="sm" variant="outline">
                          <Link
                            to={linkTo(c)}
                            aria-label={`${active ? 'Open' : 'Record outcome'} for ${c.patientName}`}
                          >
                            <ExternalLink aria-hidden="true" />
                            {active ? 'Open' : 'Record outcome'}
                          </Link>
                        </Button>
                      )}
                      {active && (
                        <Button
                          size="sm"
                          variant="destructive"
                          disabled={end.isPending}
                          onClick={() => end.mutate(c.queueId)}
                          aria-label={`End consultation with ${c.patientName}`}
                        >
                          <PhoneOff aria-hidden="true" />
                          End
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export function OutcomeBadge({ outcome }: { outcome: DoctorConsultation['outcome'] }) {
  if (outcome === 'approved') return <Badge variant="success">Approved</Badge>;
  if (outcome === 'not_approved') return <Badge variant="destructive">Not approved</Badge>;
  return <Badge variant="warning">Outcome pending</Badge>;
}
