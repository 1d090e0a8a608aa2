import { CheckCircle2, FilePlus, FlaskConical, ListOrdered, LogOut, Video } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useDevToolsEnabled } from '@/features/app-config/api/app-config';
import { useDevBypass } from '@/features/payments/api/dev-bypass';
import { callRoomOf, videoCallPath } from '@/features/realtime/call-room';
import { hasJoinedCall } from '@/features/video/lib/call-data';
import { computeJourney } from '../../../../shared/journey';
import { feeCovered } from '../../../../shared/payment-status';
import type { QueueStatusView } from '../../../../shared/queue';
import type { ApplicationView } from '../../../../shared/schemas/application';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { PatientJourney } from './patient-journey';

interface OverviewTabProps {
  user: CurrentUser;
  /** The latest application (the first of GET /api/applications). */
  application: ApplicationView | null;
  queue: QueueStatusView | null;
  onLogout: () => void;
  loggingOut: boolean;
}

export function OverviewTab({ user, application, queue, onLogout, loggingOut }: OverviewTabProps) {
  const room = callRoomOf(queue);
  const navigate = useNavigate();
  const devTools = useDevToolsEnabled();
  const paid = !!application && feeCovered(application.paymentStatus);
  const journey = computeJourney({
    hasPatient: !!user.patient,
    application,
    queueStatus: queue?.status ?? null,
  });
  const bypass = useDevBypass(() =>
    toast({
      title: 'Payment Simulated',
      description: 'Your application is marked paid and you are in the consultation queue.',
    }),
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-6">
        <StatusCard user={user} application={application} paid={paid} />
        <PatientJourney journey={journey} />
      </div>
      <Card className="h-fit">
        <CardHeader>
          <h2 className="text-lg font-semibold">Quick Actions</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button asChild variant="outline" className="justify-start">
            <Link to="/patient/intake">
              <FilePlus aria-hidden="true" />
              New Application
            </Link>
          </Button>
          {room && hasJoinedCall(room) ? (
            // Back into a call this tab left without hanging up (a dropped connection).
            <Button asChild className="justify-start">
              <Link to={videoCallPath(room, user.firstName)}>
                <Video aria-hidden="true" />
                Return to call
              </Link>
            </Button>
          ) : room ? (
            <Button
              className="justify-start"
              onClick={() => navigate(videoCallPath(room, user.firstName))}
            >
              <Video aria-hidden="true" />
              Join Video Call
            </Button>
          ) : (
            <>
              <Button
                variant="outline"
                className="justify-start"
                disabled
                aria-describedby="join-call-hint"
              >
                <Video aria-hidden="true" />
                Join Video Call
              </Button>
              <p id="join-call-hint" className="-mt-2 text-xs text-muted-foreground">
                Available once your physician starts the call.
              </p>
            </>
          )}
          {queue && (
            <Button asChild variant="outline" className="justify-start">
              <Link to="/patient/queue">
                <ListOrdered aria-hidden="true" />
                View Queue Status
              </Link>
            </Button>
          )}
          {!paid && devTools && (
            <Button
              variant="outline"
              className="justify-start"
              disabled={bypass.pending}
              onClick={() => bypass.run(application?.type ?? 'new')}
            >
              <FlaskConical aria-hidden="true" />
              Simulate Payment Complete
            </Button>
          )}
          <Button
            variant="outline"
            className="justify-start"
            onClick={onLogout}
            disabled={loggingOut}
          >
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function StatusCard({
  user,
  application,
  paid,
}: {
  user: CurrentUser;
  application: ApplicationView | null;
  paid: boolean;
}) {
  if (application?.status === 'approved')
    return (
      <Card className="border-green-600">
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
            Recommendation Approved
          </h2>
          <CardDescription>
            Your physician recommendation is approved. Your documents are being delivered.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  if (application?.status === 'rejected')
    return (
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Recommendation Not Approved</h2>
          <CardDescription>
            The physician did not approve a recommendation for this application. You can start a new
            application at any time.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  if (application?.status === 'in_review' || application?.status === 'documents_collected')
    return (
      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5 text-primary" />
            Consultation Complete
          </h2>
          <CardDescription>
            Your consultation is done and your recommendation is in review. Approval usually takes
            1-2 business days.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  if (paid)
    return (
      <Card className="border-secondary">
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Video aria-hidden="true" className="size-5 text-primary" />
            Video Consultation Ready
          </h2>
          <CardDescription>
            Your payment is complete. Wait in the consultation queue to meet a licensed physician by
            video.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="secondary">
            <Link to="/patient/queue">Go to Consultation Queue</Link>
          </Button>
        </CardContent>
      </Card>
    );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Welcome, {user.firstName}</h2>
        <CardDescription>
          Your account is ready. The next step is payment, which places you in the consultation
          queue.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="secondary">
          <Link to="/patient/payment">Continue to Payment</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
