import { AlertTriangle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/session';
import { BRAND_NAME } from '@/lib/brand';
import { CONSULTATION_ROOM_TITLE } from '../../../../shared/schemas/video';
import { CallRoomScreen } from './call-room-screen';

export const PATIENT_SESSION_REQUIRED =
  'Session ID required - please join consultation from patient portal';

/**
 * /patient/video-consultation?session=&patient=&applicationId= (patient-side.md §2.10): the
 * consultation room named by `session`. Other parameters without a session are an error; no
 * parameters at all, a pointer to the dashboard and the queue.
 */
export function PatientVideoConsultationPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  if (!user) return <FullPageSpinner />;
  const session = params.get('session')?.trim();
  if (session)
    return (
      <CallRoomScreen
        key={session}
        roomId={session}
        quality="hd"
        user={user}
        title={CONSULTATION_ROOM_TITLE}
        exitTo="/patient/dashboard"
      />
    );
  if (params.size > 0) return <SessionRequired message={PATIENT_SESSION_REQUIRED} />;
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 px-4 py-10">
      <title>{`${CONSULTATION_ROOM_TITLE} | ${BRAND_NAME}`}</title>
      <p className="text-sm font-semibold text-emerald-300">{BRAND_NAME}</p>
      <h1 className="text-2xl font-bold sm:text-3xl">{CONSULTATION_ROOM_TITLE}</h1>
      <p>
        Your video consultation opens here when your physician starts the call. Wait in the
        consultation queue, or check your dashboard.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/patient/dashboard">Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/patient/queue">View Queue Status</Link>
        </Button>
      </div>
    </div>
  );
}

/** The pages' "Session ID required" error (§2). */
export function SessionRequired({ message, backTo }: { message: string; backTo?: string }) {
  return (
    <section className="flex flex-1 items-center justify-center bg-slate-950 px-4 py-12 text-white">
      <title>{`Video Call Error | ${BRAND_NAME}`}</title>
      <div className="grid w-full max-w-md justify-items-center gap-4 text-center">
        <AlertTriangle aria-hidden="true" className="size-10 text-red-400" />
        <h1 className="text-2xl font-bold">Video Call Error</h1>
        <p role="alert" className="text-slate-200">
          {message}
        </p>
        <Button asChild variant="secondary">
          <Link to={backTo ?? '/home'}>Back to dashboard</Link>
        </Button>
      </div>
    </section>
  );
}
