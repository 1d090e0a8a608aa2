import { useSearchParams } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { homePathFor } from '../../../../shared/roles';
import { CallRoomScreen } from './call-room-screen';
import { SessionRequired } from './patient-video-consultation-page';

export const STAFF_SESSION_REQUIRED =
  'Session ID required - please start consultation from admin dashboard';

/**
 * /doctor/video-consultation and /admin/video-consultation ?session=&patient=&applicationId=
 * (staff-and-video.md §2 Doctor video consultation page). The bar names the patient and the
 * chart sits beside the video (issue 12: no application number, no notes in another tab).
 * Ending goes to the admin dashboard, a doctor's own dashboard for a doctor (ruling 2).
 */
export function StaffVideoConsultationPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  const session = params.get('session')?.trim();
  const home = homePathFor(user.role);
  if (!session) return <SessionRequired message={STAFF_SESSION_REQUIRED} backTo={home} />;
  return <CallRoomScreen key={session} roomId={session} quality="hd" user={user} exitTo={home} />;
}

export const DoctorVideoConsultationPage = StaffVideoConsultationPage;
export const AdminVideoConsultationPage = StaffVideoConsultationPage;
