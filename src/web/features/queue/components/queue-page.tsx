import { LayoutDashboard, LogOut, RefreshCw, UserX, Video } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { openApplication, useApplications } from '@/features/applications/api/applications';
import { useAuth } from '@/features/auth/api/session';
import { callRoomOf, videoCallPath } from '@/features/realtime/call-room';
import { errorMessage } from '@/lib/api-client';
import { BRAND_NAME } from '@/lib/brand';
import { useT } from '@/lib/i18n/use-t';
import { feeCovered } from '../../../../shared/payment-status';
import type { QueueStatusView } from '../../../../shared/queue';
import { QUEUE_POLL_QUEUE_PAGE_MS, useLeaveQueue, useQueueStatus } from '../api/queue';
import { ConnectionIndicator } from './connection-indicator';
import { usePhysicianArrival } from './physician-arrival';
import {
  ApplicationDetailsCard,
  HelpCard,
  SystemRequirementsCard,
  WaitCard,
} from './queue-info-cards';
import { QueueStatusCard } from './queue-status-card';

const READY_TOAST_KEY = 'consultation-ready-toast';

const LiveConnection = lazy(async () => ({
  default: (await import('./live-connection')).LiveConnection,
}));

/** /patient/queue (patient-side.md §2.9, §4): live by socket, polled every 15 s as a fallback. */
export function QueuePage() {
  const t = useT();
  const { user } = useAuth();
  const queue = useQueueStatus(QUEUE_POLL_QUEUE_PAGE_MS);
  const applications = useApplications();
  const status = queue.data ?? null;
  const room = callRoomOf(status);
  useQueueNotices(status, queue.isError);
  usePhysicianArrival(status);

  // The application's card is part of the first render too, so nothing moves after (issue 23).
  if (!user || queue.isPending || applications.isPending)
    return <FullPageSpinner label={t('queue.loading')} />;
  const callPath = room ? videoCallPath(room) : null;
  const application =
    applications.data?.find((a) => a.id === status?.applicationId) ??
    openApplication(applications.data);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <title>{t('queue.pageTitle', { brand: BRAND_NAME })}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-primary sm:text-3xl">{t('queue.heading')}</h1>
          <p className="text-muted-foreground">{t('queue.subheading')}</p>
        </div>
        <Suspense fallback={<ConnectionIndicator state="connecting" />}>
          <LiveConnection email={user.email} />
        </Suspense>
      </div>

      {status ? (
        // One order for every width (reading order = visual order): on a phone the actions
        // follow the status; on a wide screen they sit beside it.
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <QueueStatusCard status={status} callPath={callPath} />
          <QuickActions
            status={status}
            callPath={callPath}
            refreshing={queue.isFetching}
            onRefresh={() => void queue.refetch()}
          />
          <ApplicationDetailsCard application={application} />
          <WaitCard status={status} />
          <SystemRequirementsCard />
          <HelpCard />
        </div>
      ) : (
        <NotInQueue
          // Paid and not yet seen: the way back in is the wizard's queue step, which asks for
          // what is missing and the dispensary statement (issue 11).
          canJoin={
            !!application &&
            feeCovered(application.paymentStatus) &&
            application.status === 'payment_completed'
          }
        />
      )}
    </div>
  );
}

/** The load-failure toast and the once-only "Consultation Ready" toast (§4, §8). */
function useQueueNotices(status: QueueStatusView | null, failed: boolean) {
  const t = useT();
  const failureShown = useRef(false);
  useEffect(() => {
    if (!failed) {
      failureShown.current = false;
      return;
    }
    if (failureShown.current) return;
    failureShown.current = true;
    toast({
      title: t('queue.toast.unavailableTitle'),
      description: t('queue.toast.unavailableBody'),
      variant: 'destructive',
    });
  }, [failed, t]);

  useEffect(() => {
    if (status?.status !== 'in_consultation' || !status.roomId) return;
    try {
      if (sessionStorage.getItem(READY_TOAST_KEY) === status.id) return;
      sessionStorage.setItem(READY_TOAST_KEY, status.id);
    } catch {
      // Without storage the toast may repeat on a reload; that is all.
    }
    toast({
      title: t('queue.toast.readyTitle'),
      description: t('queue.toast.readyBody'),
    });
  }, [status?.status, status?.id, status?.roomId, t]);
}

interface QuickActionsProps {
  status: QueueStatusView;
  callPath: string | null;
  refreshing: boolean;
  onRefresh: () => void;
}

function QuickActions({ status, callPath, refreshing, onRefresh }: QuickActionsProps) {
  const t = useT();
  const leave = useLeaveQueue();
  // mutateAsync: this card unmounts as soon as the entry is gone; the toast still shows.
  const onLeave = () =>
    leave.mutateAsync().then(
      () => toast({ title: t('queue.toast.leftTitle'), description: t('queue.toast.leftBody') }),
      (error: unknown) =>
        toast({
          title: t('queue.toast.leaveFailedTitle'),
          description: errorMessage(error, t('queue.toast.tryAgain')),
          variant: 'destructive',
        }),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('queue.actions.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button
          variant="outline"
          className="justify-start"
          onClick={onRefresh}
          disabled={refreshing}
        >
          <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
          {t('queue.actions.refresh')}
        </Button>
        {callPath ? (
          <Button asChild className="justify-start">
            <Link to={callPath}>
              <Video aria-hidden="true" />
              {t('queue.actions.join')}
            </Link>
          </Button>
        ) : (
          <Button
            variant="outline"
            className="justify-start"
            disabled
            aria-describedby="queue-join-hint"
          >
            <Video aria-hidden="true" />
            {t('queue.actions.join')}
          </Button>
        )}
        {!callPath && (
          <p id="queue-join-hint" className="-mt-2 text-xs text-muted-foreground">
            {t('queue.actions.joinHint')}
          </p>
        )}
        <Button asChild variant="outline" className="justify-start">
          <Link to="/patient/dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t('queue.actions.dashboard')}
          </Link>
        </Button>
        {status.status === 'waiting' && (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button
                variant="outline"
                className="justify-start text-destructive"
                disabled={leave.isPending}
              >
                <LogOut aria-hidden="true" />
                {t('queue.actions.leave')}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t('queue.leave.title')}</AlertDialogTitle>
                <AlertDialogDescription>{t('queue.leave.body')}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t('queue.leave.stay')}</AlertDialogCancel>
                <AlertDialogAction onClick={onLeave}>{t('queue.actions.leave')}</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </CardContent>
    </Card>
  );
}

/** No queue entry (§8 No queue position), with a way back in for a paid application. */
function NotInQueue({ canJoin }: { canJoin: boolean }) {
  const t = useT();
  return (
    <Card className="mx-auto w-full max-w-xl text-center">
      <CardHeader className="items-center">
        <UserX aria-hidden="true" className="size-10 text-muted-foreground" />
        <CardTitle>{t('queue.notIn.title')}</CardTitle>
        <CardDescription>{t('queue.notIn.body')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant={canJoin ? 'outline' : 'default'}>
          <Link to="/patient/dashboard">{t('queue.notIn.dashboard')}</Link>
        </Button>
        {canJoin && (
          <Button asChild>
            <Link to="/patient/intake?step=4">{t('queue.notIn.continue')}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
