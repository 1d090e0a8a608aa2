import { ClipboardList } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { consultationPath } from '@/features/consultation/consultation-path';
import { useDoctorConsultations } from '@/features/doctor/api/doctor';
import { homePathFor } from '../../../../shared/roles';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { CONSULTATION_ROOM_TITLE } from '../../../../shared/schemas/video';
import { CallRoomScreen } from './call-room-screen';
import { SessionRequired } from './patient-video-consultation-page';

export const STAFF_SESSION_REQUIRED =
  'Session ID required - please start consultation from admin dashboard';

/** §2 Doctor video consultation page: the title shows the application number. */
export const applicationTitle = (applicationId: string | null | undefined) =>
  applicationId
    ? `${CONSULTATION_ROOM_TITLE} - Application ${applicationId.slice(0, 8)}`
    : CONSULTATION_ROOM_TITLE;

/**
 * /doctor/video-consultation and /admin/video-consultation ?session=&patient=&applicationId=
 * (staff-and-video.md §2 Doctor video consultation page). Ending goes to the admin dashboard,
 * a doctor's own dashboard for a doctor (ruling 2).
 */
export function StaffVideoConsultationPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  const session = params.get('session')?.trim();
  const home = homePathFor(user.role);
  if (!session) return <SessionRequired message={STAFF_SESSION_REQUIRED} backTo={home} />;
  const applicationId = params.get('applicationId');
  return (
    <CallRoomScreen
      key={session}
      roomId={session}
      quality="hd"
      user={user}
      title={applicationId ? applicationTitle(applicationId) : undefined}
      exitTo={home}
      headerExtra={(room) =>
        room?.kind === 'consultation' ? (
          <ConsultationNotesLink
            user={user}
            roomId={session}
            applicationId={applicationId ?? room.applicationId}
            patientId={params.get('patient')}
          />
        ) : null
      }
    />
  );
}

export const DoctorVideoConsultationPage = StaffVideoConsultationPage;
export const AdminVideoConsultationPage = StaffVideoConsultationPage;

/**
 * ADR 0008: the room links to the Consultation Interface (notes, the end, the outcome). It
 * opens in a new tab so the call goes on.
 */
export function ConsultationNotesLink({
  user,
  roomId,
  applicationId,
  patientId,
}: {
  user: CurrentUser;
  roomId: string;
  applicationId: string | null;
  patientId?: string | null;
}) {
  const isDoctor = user.role === 'doctor';
  const active = useDoctorConsultations('active', isDoctor);
  const own = active.data?.find((c) => c.roomId === roomId);
  const href = consultationPath({
    roomId,
    applicationId: own?.applicationId ?? applicationId,
    patientId: own?.patientId ?? patientId ?? null,
    queueId: own?.queueId ?? null,
    consultationId: own?.id ?? null,
  });
  return (
    <Link
      to={href}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-white underline underline-offset-4 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-white"
    >
      <ClipboardList aria-hidden="true" className="size-4" />
      Consultation notes
      <span className="sr-only">(opens in a new tab)</span>
    </Link>
  );
}
