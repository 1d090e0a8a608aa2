import { useParams, useSearchParams } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { isStaffRole } from '../../../../shared/roles';
import { backOr, CallRoomScreen } from './call-room-screen';
import { NeedLinkNotice, QuickStartCall } from './quick-start-call';

/**
 * /video-call/:roomId?role= — the consultation room (staff-and-video.md §2, §4; the name shown
 * is the session's, issue 21), and
 * /video-call?session= — the simple call of a video session at 640x480 (§9). Without a
 * session, staff start one here and patients are told they need a link. Staff in a
 * consultation room have the patient's chart beside the video (issue 12).
 */
export function VideoCallPage() {
  const { roomId } = useParams();
  const [params] = useSearchParams();
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  const staff = isStaffRole(user.role);
  if (roomId) return <CallRoomScreen key={roomId} roomId={roomId} quality="hd" user={user} />;

  const session = params.get('session')?.trim();
  if (session)
    return (
      <CallRoomScreen
        key={session}
        roomId={session}
        quality="simple"
        user={user}
        exitTo={backOr(staff ? '/video-sessions' : '/home')}
      />
    );
  return staff ? <QuickStartCall /> : <NeedLinkNotice />;
}
