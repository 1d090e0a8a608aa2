import { ArrowLeft, PhoneOff, Video } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { areaTitle, homeAreaFor, viewerOf } from '@/app/staff-nav';
import { PatientLanguageBadge } from '@/components/patient-language';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/data-states';
import { FullPageSpinner } from '@/components/ui/spinner';
import { may } from '@/features/admin-dashboard/staff-access';
import { formatTime } from '@/features/admin-dashboard/staff-format';
import { useAuth } from '@/features/auth/api/session';
import { isApiError } from '@/lib/api-client';
import { BRAND_NAME } from '@/lib/brand';
import { homePathFor } from '../../../../shared/roles';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { videoRoomPath } from '../../../../shared/schemas/video';
import { useDoctorConsultations } from '../../doctor/api/doctor';
import { useDoctorPresence } from '../../doctor/api/use-doctor-presence';
import { useEndConsultation } from '../../meetings/api/lifecycle';
import { usePatientForApplication, usePatientRecord } from '../api/consultation';
import { readConsultationTarget } from '../consultation-path';
import { useReleaseDocumentFilesOnLeave } from '../room/document-files';
import { unapprovedDocumentsOf } from '../room/required-documents';
import { caregiverOf, OutcomeForm } from './outcome-form';
import { ApplicationDetails, PatientDetails, RecordDocuments } from './patient-record-view';

const TITLE = 'Doctor Consultation Interface';

export function AdminConsultationPage() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  return <ConsultationInterface user={user} />;
}

/**
 * The Doctor Consultation Interface (staff-and-video.md §2; ruling 9 makes the placeholder
 * real): the patient being seen, their application and documents, the video room, End
 * Consultation and the outcome. Reached as /admin/consultation?patientId=&queueId=&roomId=.
 */
function ConsultationInterface({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const target = readConsultationTarget(params);
  const isDoctor = user.role === 'doctor';
  const canRead = may(user, 'documents');
  const canRun = may(user, 'runConsultation');
  const canDecide = may(user, 'recordOutcome');

  // A doctor on this page stays on duty (ruling 16).
  useDoctorPresence(isDoctor);
  useReleaseDocumentFilesOnLeave();
  // A doctor's own consultations name the patient, the room and any outcome already recorded.
  const active = useDoctorConsultations('active', isDoctor);
  const today = useDoctorConsultations('today', isDoctor);
  const own = [...(active.data ?? []), ...(today.data ?? [])].find(
    (c) =>
      (target.consultationId && c.id === target.consultationId) ||
      (target.queueId && c.queueId === target.queueId),
  );
  // Staff from a meeting know the application, not the patient.
  const lookup = usePatientForApplication(
    target.applicationId ?? null,
    canRead && !isDoctor && !target.patientId,
  );
  const patientId = target.patientId ?? own?.patientId ?? lookup.data ?? null;
  const record = usePatientRecord(patientId, canRead);

  const [endedHere, setEndedHere] = useState(false);
  const end = useEndConsultation();

  const live = record.data?.consultation ?? null;
  const consultationId = live?.id ?? target.consultationId ?? own?.id ?? null;
  const queueId = live?.queueId ?? target.queueId ?? own?.queueId ?? null;
  const startedAt = live?.startedAt ?? own?.startedAt ?? null;
  const inProgress =
    !endedHere && (live ? true : own ? !own.endedAt : record.data ? false : !!queueId);
  const roomId = inProgress ? (live?.roomId ?? own?.roomId ?? target.roomId) : null;
  const hasConsultation = !!(live || own || target.queueId || target.consultationId);
  const patientName = record.data
    ? `${record.data.patient.firstName} ${record.data.patient.lastName}`
    : (own?.patientName ?? null);

  // Back to the user's home area, named as its page is (issue 12: the console has no single
  // "admin dashboard"; /admin/dashboard only forwards to the first area).
  const home = homeAreaFor(viewerOf(user));
  const back = home?.path ?? homePathFor(user.role);
  const nothingChosen =
    !target.patientId && !target.queueId && !target.consultationId && !target.applicationId;

  const endConsultation = () => {
    if (!queueId) return;
    end.mutate(queueId, {
      onSuccess: (answer) => {
        setEndedHere(true);
        const next = new URLSearchParams(params);
        next.set('consultationId', answer.consultation.id);
        next.delete('roomId');
        if (patientId) next.set('patientId', patientId);
        setParams(next, { replace: true });
      },
    });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8">
      <title>{`${TITLE} | ${BRAND_NAME}`}</title>
      <p className="text-sm">
        <Link to={back} className="inline-flex items-center gap-1 text-primary underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {home ? `Back to ${areaTitle(home)}` : 'Back to your home page'}
        </Link>
      </p>
      <div className="grid grid-cols-1 gap-1">
        <h1 className="text-2xl font-bold text-primary sm:text-3xl">{TITLE}</h1>
        {patientName && (
          <p className="flex flex-wrap items-center gap-2 text-lg font-medium">
            {patientName}
            <PatientLanguageBadge language={record.data?.patient.language} />
          </p>
        )}
      </div>

      {nothingChosen ? (
        <EmptyState title="No consultation selected">
          Start a consultation from the {isDoctor ? 'Current Queue' : 'waiting room'}, or open one
          from the list of active consultations.
        </EmptyState>
      ) : (
        <>
          {hasConsultation ? (
            <Card>
              <CardHeader>
                <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  Consultation
                  {inProgress ? (
                    <Badge variant="success">In progress</Badge>
                  ) : (
                    <Badge variant="outline">Ended</Badge>
                  )}
                </h2>
                <CardDescription>
                  {inProgress
                    ? startedAt
                      ? `Started at ${formatTime(startedAt)}.`
                      : 'In progress.'
                    : 'This consultation has ended.'}
                </CardDescription>
              </CardHeader>
              {inProgress && (
                <CardContent className="flex flex-wrap items-center gap-3">
                  {roomId && (
                    <Button asChild>
                      <Link to={videoRoomPath(roomId, 'doctor')}>
                        <Video aria-hidden="true" />
                        Open video room
                      </Link>
                    </Button>
                  )}
                  {inProgress && canRun && queueId && (
                    <Button
                      variant="destructive"
                      disabled={end.isPending}
                      onClick={endConsultation}
                    >
                      <PhoneOff aria-hidden="true" />
                      End Consultation
                    </Button>
                  )}
                  {!roomId && (
                    <p className="text-sm text-muted-foreground">
                      No video room was opened for this consultation.
                    </p>
                  )}
                </CardContent>
              )}
            </Card>
          ) : (
            record.data && (
              <p className="rounded-md border border-border bg-muted p-3 text-sm">
                No consultation is in progress for this patient.
              </p>
            )
          )}

          {canDecide && consultationId && (
            <OutcomeForm
              consultationId={consultationId}
              recorded={own?.outcome ?? null}
              inProgress={inProgress}
              unapprovedDocuments={record.data ? unapprovedDocumentsOf(record.data.documents) : []}
              caregiver={caregiverOf(record.data?.application ?? null)}
            />
          )}

          <RecordSection
            canRead={canRead}
            isDoctor={isDoctor}
            patientId={patientId}
            resolving={lookup.isPending && lookup.fetchStatus !== 'idle'}
            record={record}
          />
        </>
      )}
    </div>
  );
}

function RecordSection({
  canRead,
  isDoctor,
  patientId,
  resolving,
  record,
}: {
  canRead: boolean;
  isDoctor: boolean;
  patientId: string | null;
  resolving: boolean;
  record: ReturnType<typeof usePatientRecord>;
}) {
  if (!canRead)
    return (
      <EmptyState title="Patient records are not part of your role">
        Reading a patient&apos;s application and documents needs the Document Management permission.
        The consultation controls above still work.
      </EmptyState>
    );
  if (resolving) return <LoadingState label="Finding the patient" />;
  if (!patientId)
    return (
      <EmptyState title="Patient record not found">
        This consultation does not name a patient whose record you can open.
      </EmptyState>
    );
  if (record.isPending) return <LoadingState label="Loading the patient record" />;
  if (record.isError)
    return isApiError(record.error, 404) ? (
      <EmptyState title="Patient record not found">
        {isDoctor
          ? 'A doctor can open the record only of a patient they are seeing: one whose consultation with you started in the last 12 hours.'
          : 'No patient has this id.'}
      </EmptyState>
    ) : (
      <ErrorState
        error={record.error}
        fallback="Could not load the patient record."
        onRetry={() => record.refetch()}
      />
    );
  return (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ApplicationDetails record={record.data} />
        <PatientDetails record={record.data} />
      </div>
      <RecordDocuments record={record.data} canReview={canRead} />
    </>
  );
}
